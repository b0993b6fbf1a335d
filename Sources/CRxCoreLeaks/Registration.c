// Swift has no load-time initialisers: this constructor, linked wherever
// RxCoreLeaks is, registers the integration before main (or a test) runs.
// The Swift side only appends to the engine's list, which is safe this early.
extern void rxcoreleaks_register(void);

__attribute__((constructor)) static void rxcoreleaks_register_at_load(void) {
    rxcoreleaks_register();
}
