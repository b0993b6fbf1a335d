import RxCore
import RxCoreTesting
import XCTest

private enum TestError: Error { case source }

final class DelayTests: RxTestCase {
    func testDelayShiftsElementsAndCompletionByTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .completed(550),
        ])

        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(350, 2), .next(450, 3), .next(550, 4), .completed(650)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 550)])
    }

    func testDelayKeepsTheSpacingOfCloseElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(230, 3), .completed(240)])

        let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(260, 1), .next(265, 2), .next(280, 3), .completed(290)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testDelayPassesAnErrorOnAtOnceDroppingQueuedElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(250, 2), .next(350, 3), .error(360, TestError.source)])

        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(350, 2), .error(360, TestError.source)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 360)])
    }

    func testDelayDisposalCancelsWhatIsQueued() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(250, 2), .next(350, 3), .completed(400)])

        let res = scheduler.start(disposed: 400) { xs.delay(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(350, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }
}

final class TimeoutTests: RxTestCase {
    func testTimeoutPassesEverythingWhenEventsComeInTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(280, 3), .completed(320)])

        let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .next(280, 3), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 320)])
    }

    func testTimeoutFailsWhenTheGapAfterAnElementIsTooLong() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(300, 3), .completed(320)])

        let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .error(290, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 290)])
    }

    func testTimeoutSwitchesToOtherWhenNothingArrivesAfterSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(130, 2), .next(310, 3), .next(400, 4), .completed(500),
        ])
        let ys = scheduler.createColdObservable([.next(50, -1), .next(200, -2), .next(310, -3), .completed(320)])

        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(350, -1), .next(500, -2), .next(610, -3), .completed(620)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(300, 620)])
    }

    func testTimeoutSwitchesToOtherAfterALateElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(205, 1), .next(250, 2), .next(400, 3), .completed(500)])
        let ys = scheduler.createColdObservable([.next(5, 100), .completed(10)])

        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(205, 1), .next(250, 2), .next(355, 100), .completed(360)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 350)])
        XCTAssertEqual(ys.subscriptions, [Subscription(350, 360)])
    }

    func testTimeoutNeverSwitchesAfterTheSourceTerminated() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.source)])
        let ys = scheduler.createColdObservable([Recorded<Event<Int>>.completed(10)])

        let res = scheduler.start { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(230, TestError.source)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [])
    }
}
