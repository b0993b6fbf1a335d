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

    /// The registry's table grows by hand (doubling from 64 slots): every
    /// subscription made while it grows stays listed once, and every slot
    /// emptied in between is reused, not lost.
    func testThousandsOfSubscriptionsStayListedOnceAsTheTableGrows() {
        let subject = PublishSubject<Int>()
        let countBefore = SubscriptionRegistry.count
        var subscriptions = (0..<3_000).map { _ in subject.subscribe() }
        for index in stride(from: 0, to: subscriptions.count, by: 3) { subscriptions[index].dispose() }
        subscriptions += (0..<1_000).map { _ in subject.subscribe() }
        let live = liveSubscriptionsOfThisTest
        XCTAssertEqual(live.count, 3_000)
        XCTAssertEqual(Set(live.map(\.id)).count, 3_000, "no subscription listed twice")
        XCTAssertEqual(SubscriptionRegistry.count - countBefore, 3_000)
        for subscription in subscriptions { subscription.dispose() }
        XCTAssertEqual(liveSubscriptionsOfThisTest, [])
        XCTAssertEqual(SubscriptionRegistry.count, countBefore)
    }

    /// A subscription names its bag's owner record, which the registry reads
    /// under its lock; bags freed on another thread meanwhile are read safely.
    func testRecordsAreReadWhileBagsAreFreedOnAnotherThread() {
        // An element type no other test subscribes with, so the chain below
        // names this test's subscriptions only, whatever other tests leave running.
        let subject = PublishSubject<UInt8>()
        let bagsBefore = DisposeBag().identity.id
        let done = Shared(false)
        let freeing = BackgroundThread {
            for _ in 0..<2_000 {
                let bag = DisposeBag()
                for _ in 0..<10 { subject.subscribe().disposed(by: bag) }
            }
            done.value = true
        }
        var reads = 0
        while !done.value || reads == 0 {
            // Made but not yet in its bag, a subscription has no owner.
            for record in SubscriptionRegistry.live where record.chain == "PublishSubject<UInt8> → subscribe" {
                if let owner = record.owner { XCTAssertGreaterThan(owner.id, bagsBefore, "\(record)") }
            }
            reads += 1
        }
        freeing.join()
        XCTAssertEqual(SubscriptionRegistry.live.filter { $0.chain == "PublishSubject<UInt8> → subscribe" }, [])
    }

    /// Put into two bags, a subscription is owned by the last one.
    func testASubscriptionInTwoBagsIsOwnedByTheLastOne() {
        let first = DisposeBag(), last = DisposeBag()
        let subscription = PublishSubject<Int>().subscribe()
        subscription.disposed(by: first)
        subscription.disposed(by: last)
        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.owner), [last.identity])
    }

    /// A subscription never disposed whose source goes without terminating
    /// is gone with it: nothing can reach it any more, so it is not listed.
    func testASubscriptionWhoseSubjectIsFreedUnterminatedIsNoLongerListed() {
        var subject: BehaviorSubject<Int>? = BehaviorSubject(value: 1)
        _ = subject?.subscribe()
        _ = subject?.bind(onNext: { _ in })
        XCTAssertEqual(
            liveSubscriptionsOfThisTest.map(\.chain),
            ["BehaviorSubject<Int> → subscribe", "BehaviorSubject<Int> → bind"])

        subject = nil
        XCTAssertEqual(liveSubscriptionsOfThisTest, [])
    }

    /// Backtraces are kept by registry slot, not in the handle: a subscription
    /// that reuses the slot of one with a backtrace has none of its own.
    func testABacktraceGoesWithItsSubscriptionNotWithItsSlot() {
        let subject = PublishSubject<Int>()
        SubscriptionRegistry.backtraceCapture = { frames, capacity in
            for (index, address) in [UInt(1), 2, 3].prefix(capacity).enumerated() { frames?[index] = address }
            return min(3, capacity)
        }
        let traced = subject.subscribe()
        SubscriptionRegistry.backtraceCapture = nil
        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.backtrace), [[1, 2, 3]])

        traced.dispose()
        let untraced = (0..<3).map { _ in subject.subscribe() }
        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.backtrace), [nil, nil, nil])
        for subscription in untraced { subscription.dispose() }
    }
}
