import RxCore
@testable import RxCoreTesting
import XCTest

private struct TestError: Error {}

final class TestingSchedulerTests: RxTestCase {
    func testHotObservableSendsAtAbsoluteTimesOnlyToCurrentSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(240, 3), .completed(300),
        ])

        let res = scheduler.start { xs.map { $0 * 10 } }

        XCTAssertEqual(res.events, [.next(210, 20), .next(240, 30), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testStartDisposesAtTheDisposedTimeAndTheSubscriptionRecordsIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])

        let res = scheduler.start(disposed: 230) { xs.asObservable() }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testStartWithDefaultsDisposesAtOneThousand() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(1000, "late"), .next(1001, "gone")])

        let res = scheduler.start { xs.filter { _ in true } }

        XCTAssertEqual(
            res.events, [.next(210, "a"), .next(1000, "late")],
            "the hot sequence scheduled its events when it was made, before start scheduled the disposal at the same time"
        )
        XCTAssertEqual(
            xs.subscriptions, [Subscription(TestScheduler.Defaults.subscribed, TestScheduler.Defaults.disposed)])
        XCTAssertEqual(scheduler.clock, 1001)
    }

    func testStartCreatesAndSubscribesAtTheGivenTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        var createdAt: TestTime?
        let xs = scheduler.createColdObservable([.next(5, 1), .error(8, TestError())])

        let res = scheduler.start(created: 50, subscribed: 60, disposed: 500) { () -> Observable<Int> in
            createdAt = scheduler.clock
            return xs.asObservable()
        }

        XCTAssertEqual(createdAt, 50)
        XCTAssertEqual(res.events, [.next(65, 1), .error(68, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(60, 68)])
    }

    func testColdObservableReplaysRelativeToEachSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var secondSubscription: Disposable?

        scheduler.scheduleAt(200) { _ = xs.subscribe(first) }
        scheduler.scheduleAt(250) { secondSubscription = xs.subscribe(second) }
        scheduler.scheduleAt(265) { secondSubscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(second.events, [.next(260, 1)])
        XCTAssertEqual(
            xs.subscriptions, [Subscription(200), Subscription(250, 265)],
            "a raw subscription that is never disposed stays open")
    }

    func testHotObservableRecordsEverySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .next(320, 2)])
        let observer = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(210) { subscriptions.append(xs.subscribe(observer)) }
        scheduler.scheduleAt(300) { subscriptions[0].dispose() }
        scheduler.scheduleAt(310) { subscriptions.append(xs.subscribe(observer)) }
        scheduler.scheduleAt(400) { subscriptions[1].dispose() }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(220, 1), .next(320, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(210, 300), Subscription(310, 400)])
        XCTAssertEqual(xs.recordedEvents, [.next(220, 1), .next(320, 2)])
    }

    func testObserverRecordsEventsSentFromOutsideWithTheClock() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let res = scheduler.start(disposed: 400) { subject.map { $0 + 1 } }
        XCTAssertEqual(res.events, [])

        let observer = scheduler.createObserver(Int.self)
        let subscription = subject.subscribe(observer)
        scheduler.scheduleAt(500) { subject.onNext(1) }
        scheduler.scheduleAt(600) { subject.onCompleted() }
        scheduler.start()
        subscription.dispose()

        XCTAssertEqual(observer.events, Recorded.events(.next(500, 1), .completed(600)))
    }

    func testRecordedEqualityComparesTimesValuesAndErrorsByDomainAndCode() {
        XCTAssertEqual(Recorded.next(10, 1), Recorded.next(10, 1))
        XCTAssertNotEqual(Recorded.next(10, 1), Recorded.next(11, 1))
        XCTAssertNotEqual(Recorded.next(10, 1), Recorded.next(10, 2))
        XCTAssertNotEqual(Recorded<Event<Int>>.completed(10), Recorded.next(10, 2))
        XCTAssertEqual(Recorded<Event<Int>>.error(10, TestError()), .error(10, TestError()))
        XCTAssertNotEqual(Recorded<Event<Int>>.error(10, TestError()), .error(10, RxError.timeout))
        XCTAssertEqual(Recorded.next(210, 4).debugDescription, "next(4) @ 210")
    }

    func testSubscriptionEqualityAndDescription() {
        XCTAssertEqual(Subscription(200), Subscription(200, Int.max))
        XCTAssertNotEqual(Subscription(200, 300), Subscription(200, 301))
        XCTAssertEqual(Subscription(200).debugDescription, "(200 : Infinity)")
        XCTAssertEqual(Subscription(200, 1000).debugDescription, "(200 : 1000)")
    }

    func testFailureTextMarksEachDifferingPosition() {
        let expected: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .completed(230)]
        let actual: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 3)]
        XCTAssertEqual(
            sequenceDifferences(actual, expected),
            """
              0: next(1) @ 210
            ≠ 1: next(3) @ 220 | next(2) @ 220
            ≠ 2: (none) | completed @ 230
            """)
    }

    func testEventArraysAndRecordedElementsAssertions() {
        XCTAssertEqual([Event<Int>.next(1), .completed], [.next(1), .completed])
        XCTAssertRecordedElements([.next(210, 1), .next(220, 2), .completed(230)], [1, 2])
    }

    /// As in RxTest: the scheduler keeps a hot sequence until it has sent its recorded events, so a
    /// sequence subscribed to and dropped at once (ReactorKit's tests) still sends them.
    func testAHotObservableNobodyKeepsStillSendsItsEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.createHotObservable([.next(100, 1), .next(200, 2), .completed(300)])
            .subscribe(observer)
            .disposed(by: bag)
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(100, 1), .next(200, 2), .completed(300)])
    }
}
