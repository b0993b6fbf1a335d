import Dispatch
import Leaks
import RxCore
import Synchronization
import XCTest

/// Backtraces switched on and off on one thread while others subscribe: the
/// registry reads the capture function on every subscription, so the switch
/// must be a race-free store (ThreadSanitizer, which CI runs this suite under,
/// reported the closure variable it replaced), and every subscription made
/// either way ends.
final class BacktraceSwitchStressTests: XCTestCase {
    /// An element type of this test's own, so that its subscriptions are told apart from other tests'.
    private struct Tick {}

    func testSwitchingBacktracesWhileSubscribingOnOtherThreads() {
        let subject = PublishSubject<Tick>()
        let liveOfThisTest = { SubscriptionRegistry.live.filter { $0.chain.hasPrefix("PublishSubject<Tick>") }.count }
        let probe = subject.subscribe()
        XCTAssertEqual(liveOfThisTest(), 1, "a live subscription of this test is found by its chain")
        probe.dispose()
        let subscribing = Atomic<Int>(4)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            var on = false
            while subscribing.load(ordering: .acquiring) > 0 {
                on.toggle()
                Backtraces.isEnabled = on
            }
            Backtraces.isEnabled = false
        }
        for _ in 0..<4 {
            DispatchQueue.global().async(group: group) {
                for _ in 0..<2_000 { subject.subscribe().dispose() }
                subscribing.subtract(1, ordering: .releasing)
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
        XCTAssertFalse(Backtraces.isEnabled)
        XCTAssertEqual(liveOfThisTest(), 0)
    }
}
