import RxCore
import XCTest

/// The base of RxCore's tests: every test must leave `Resources.total` and the
/// subscription registry where it found them.
class RxTestCase: XCTestCase {
    private var startTotal: Int32 = 0
    private var startSubscriptions = 0
    private var lastSubscriptionBeforeTest: UInt64 = 0

    override func setUp() {
        super.setUp()
        startTotal = Resources.total
        startSubscriptions = SubscriptionRegistry.count
        lastSubscriptionBeforeTest = SubscriptionRegistry.live.last?.id ?? 0
    }

    /// The live subscriptions this test made (other tests may have left some
    /// alive on purpose, such as the leak engine's leaking cases).
    var liveSubscriptionsOfThisTest: [SubscriptionRecord] {
        SubscriptionRegistry.live.filter { $0.id > lastSubscriptionBeforeTest }
    }

    override func tearDown() {
        XCTAssertEqual(Resources.total, startTotal, "RxCore resources leaked by the test:\n\(Resources.snapshot())")
        XCTAssertEqual(
            SubscriptionRegistry.count, startSubscriptions, "subscriptions left alive: \(SubscriptionRegistry.live)")
        super.tearDown()
    }
}
