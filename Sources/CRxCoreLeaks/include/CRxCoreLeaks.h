// Plugs RxCore's leak integration in when the module is loaded: nothing to
// call, linking RxCoreLeaks is enough.
