import RxCore

/// What `make` returns, made with `scheduler` as the sharing scheduler: RxSwift's
/// `SharingScheduler.mock` runs a `Void` action, and these tests keep what it builds.
func mocked<Value>(_ scheduler: SchedulerType, _ make: () -> Value) -> Value {
    var made: Value?
    SharingScheduler.mock(scheduler: scheduler) { made = make() }
    return made!
}
