import RxCore
import RxCoreTesting
import XCTest

private enum TestError: Error { case source, other, predicate }

final class TakeTests: RxTestCase {
    // MARK: take(_ count:)

    func testTakeCompletesAfterCountElementsAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(300),
        ])

        let res = scheduler.start { xs.take(3) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testTakePassesOnAnEarlierCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])

        let res = scheduler.start { xs.take(5) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTakePassesOnAnEarlierError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(260, TestError.source)])

        let res = scheduler.start { xs.take(5) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(260, TestError.source)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    }

    func testTakeZeroCompletesAtOnceWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.take(0) }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testTakeStopsWhenDisposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .next(270, 3)])

        let res = scheduler.start(disposed: 260) { xs.take(3) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(250, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    }

    // MARK: take(until: other)

    func testTakeUntilCompletesWhenOtherSendsAnElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let other = scheduler.createHotObservable([.next(150, "x"), .next(225, "stop"), .completed(250)])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    func testTakeUntilFailsWithOthersError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4)])
        let other = scheduler.createHotObservable([Recorded<Event<Int>>.error(225, TestError.other)])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .error(225, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    func testTakeUntilIgnoresOthersCompletionAndStopsListeningToIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(240, 3), .completed(300)])
        let other = scheduler.createHotObservable([Recorded<Event<Int>>.completed(225)])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(240, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    func testTakeUntilWithOtherFiringDuringSubscriptionNeverSubscribesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])

        let res = scheduler.start { xs.take(until: Observable.just(0)) }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(
            xs.subscriptions, [Subscription(200, 200)],
            "RxSwift subscribes the source after `other` and disposes it at once")
    }

    // MARK: take(until: predicate) and take(while:)

    func testTakeUntilPredicateExclusiveAndInclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])

        let exclusive = scheduler.createObserver(Int.self)
        let inclusive = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) {
            xs.take(until: { $0 == 3 }).subscribe(exclusive).disposed(by: bag)
            xs.take(until: { $0 == 3 }, behavior: .inclusive).subscribe(inclusive).disposed(by: bag)
        }
        scheduler.start()

        XCTAssertEqual(exclusive.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(inclusive.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(200, 230)])
    }

    func testTakeWhileStopsAtTheFirstRejectedElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 2), .next(220, 4), .next(230, 5), .next(240, 6), .completed(300),
        ])

        let res = scheduler.start { xs.take(while: { $0 % 2 == 0 }, behavior: .inclusive) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 4), .next(230, 5), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testTakeWhilePredicateErrorFailsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(300)])

        let res = scheduler.start {
            xs.take(while: { element in
                if element == 3 { throw TestError.predicate }
                return true
            })
        }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError.predicate)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeWhileRecordsTheSubscriptionChain() {
        let subject = PublishSubject<Int>()
        let subscription = subject.take(while: { $0 < 10 }).subscribe()
        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.chain), ["PublishSubject<Int> → take(while:) → subscribe"])
        subject.onNext(10)
        XCTAssertEqual(liveSubscriptionsOfThisTest.count, 0, "completion ends the subscription")
        subscription.dispose()
    }
}
