import RxCore
import RxCoreTesting
import XCTest

private enum TestError: Error { case source }

final class DebounceTests: RxTestCase {
    func testDebounceSendsAnElementOnlyAfterAQuietPeriod() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(250, 2), .next(300, 3), .next(340, 4), .next(400, 5), .next(405, 6), .completed(500),
        ])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(270, 2), .next(320, 3), .next(360, 4), .next(425, 6), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
    }

    func testDebounceCompletionFlushesThePendingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDebounceErrorDropsThePendingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError.source)])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(230, TestError.source)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDebounceDisposalCancelsThePendingTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])

        let res = scheduler.start(disposed: 250) { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}

final class ThrottleTests: RxTestCase {
    private let burst: [Recorded<Event<Int>>] = [
        .next(150, 1), .next(210, 2), .next(220, 3), .next(225, 4), .next(260, 5), .next(290, 6), .next(300, 7),
        .completed(400),
    ]

    func testThrottleLatestSendsTheFirstAtOnceAndTheLatestWhenTheWindowEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(burst)

        let res = scheduler.start { xs.throttle(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(240, 4), .next(270, 5), .next(300, 7), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testThrottleWithoutLatestDropsWhatArrivesInTheWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(burst)

        let res = scheduler.start { xs.throttle(.seconds(30), latest: false, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(260, 5), .next(290, 6), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testThrottleDelaysCompletionUntilThePendingElementIsSent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.throttle(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testThrottleErrorIsPassedOnAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError.source)])

        let res = scheduler.start { xs.throttle(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(230, TestError.source)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}
