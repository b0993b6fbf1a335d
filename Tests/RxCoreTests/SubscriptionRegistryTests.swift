import RxCore
import XCTest

final class SubscriptionRegistryTests: RxTestCase {
    /// Disposed subscriptions free their registry slots for reuse; the ones
    /// still alive must stay listed, each once, whatever order the others end in.
    func testSubscriptionsEndingOutOfOrderLeaveTheOthersListedAndSlotsAreReused() {
        let subject = PublishSubject<Int>()
        let countBefore = SubscriptionRegistry.count
        var first = (0..<4).map { _ in subject.subscribe() }
        let firstIDs = liveSubscriptionsOfThisTest.map(\.id)
        XCTAssertEqual(firstIDs.count, 4)

        first[2].dispose()
        first[0].dispose()
        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.id), [firstIDs[1], firstIDs[3]])

        let second = (0..<3).map { _ in subject.subscribe() }
        let all = liveSubscriptionsOfThisTest
        XCTAssertEqual(all.count, 5)
        XCTAssertEqual(Array(all.map(\.id).prefix(2)), [firstIDs[1], firstIDs[3]])
        XCTAssertEqual(Set(all.map(\.id)).count, 5, "no subscription listed twice")
        XCTAssertEqual(SubscriptionRegistry.count - countBefore, 5)
        XCTAssertTrue(all.allSatisfy { $0.chain == "PublishSubject<Int> → subscribe" }, "\(all)")

        first[1].dispose()
        first[3].dispose()
        for subscription in second { subscription.dispose() }
        first.removeAll()
        XCTAssertEqual(liveSubscriptionsOfThisTest, [])
        XCTAssertEqual(SubscriptionRegistry.count, countBefore)
    }
}
