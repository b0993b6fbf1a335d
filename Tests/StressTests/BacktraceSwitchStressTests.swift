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
    func testSwitchingBacktracesWhileSubscribingOnOtherThreads() {
        let subject = PublishSubject<Int>()
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
        XCTAssertEqual(SubscriptionRegistry.live.filter { $0.chain.hasPrefix("PublishSubject<Int>") }.count, 0)
    }
}
