import RxCore
import XCTest

extension XCTestCase {
    /// Completes `subject` once the test has ended, which drops the
    /// subscriptions its deliberately leaking fixture made on it and with them
    /// the closures that close the fixture's cycle: the leak engine has judged
    /// the cycle by then, and the process does not end with it, which
    /// `scripts/leak-check` (LeakSanitizer over these tests) requires. The
    /// subject is held weakly, so the check sees the cycle alone holding the
    /// fixture. Call it before `trackForLeaks`, whose check must run first
    /// (teardown blocks run last in, first out).
    func breakCycleAfterTest<Element>(through subject: PublishSubject<Element>) {
        addTeardownBlock { [weak subject] in subject?.onCompleted() }
    }
}
