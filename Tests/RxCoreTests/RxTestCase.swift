import RxCore
import XCTest

/// The base of RxCore's tests: every test must leave `Resources.total` and the
/// subscription registry where it found them.
class RxTestCase: XCTestCase {
    private var startTotal: Int32 = 0
    private var startSubscriptions = 0

    override func setUp() {
        super.setUp()
        startTotal = Resources.total
        startSubscriptions = SubscriptionRegistry.count
    }

    override func tearDown() {
        XCTAssertEqual(Resources.total, startTotal, "RxCore resources leaked by the test:\n\(Resources.snapshot())")
        XCTAssertEqual(SubscriptionRegistry.count, startSubscriptions, "subscriptions left alive: \(SubscriptionRegistry.live)")
        super.tearDown()
    }
}
