import RxCore
import RxCoreTesting
import XCTest

private enum TestError: Error { case source }

final class RetryTests: RxTestCase {
    func testRetryCountResubscribesAfterEachErrorAndPassesOnTheLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .next(15, 3), .error(20, TestError.source)])

        let res = scheduler.start { xs.retry(3) }

        XCTAssertEqual(
            res.events,
            [
                .next(205, 1), .next(210, 2), .next(215, 3),
                .next(225, 1), .next(230, 2), .next(235, 3),
                .next(245, 1), .next(250, 2), .next(255, 3),
                .error(260, TestError.source),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testRetryStopsAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .completed(250)])

        let res = scheduler.start { xs.retry() }

        XCTAssertEqual(res.events, [.next(300, 1), .next(350, 2), .completed(450)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 450)])
    }

    func testRetryForeverKeepsResubscribingUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(20, TestError.source)])

        let res = scheduler.start(disposed: 250) { xs.retry() }

        XCTAssertEqual(res.events, [.next(205, 1), .next(225, 1), .next(245, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 250)])
    }

    func testRetryZeroCompletesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(20, TestError.source)])

        let res = scheduler.start { xs.retry(0) }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testSynchronousFailuresAreRetriedWithoutNesting() {
        var attempts = 0
        var depths: [Int] = []
        var depth = 0
        let failing = Observable<Int>.create { observer in
            attempts += 1
            depth += 1
            depths.append(depth)
            observer.onError(TestError.source)
            depth -= 1
            return Disposables.create()
        }
        var events: [String] = []

        _ = failing.retry(4).subscribe(onError: { events.append("error \($0)") })

        XCTAssertEqual(attempts, 4)
        XCTAssertEqual(depths, [1, 1, 1, 1], "each attempt starts after the previous subscription returned")
        XCTAssertEqual(events, ["error source"])
    }
}

private enum OtherError: Error { case unrelated }

final class RetryWhenTests: RxTestCase {
    func testRetryWhenResubscribesWhenTheHandlersSequenceSends() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, TestError.source)])

        let res = scheduler.start(disposed: 262) {
            xs.retry(when: { errors in errors.delay(.seconds(10), scheduler: scheduler) })
        }

        XCTAssertEqual(res.events, [.next(205, 1), .next(225, 1), .next(245, 1)])
        XCTAssertEqual(
            xs.subscriptions,
            [
                Subscription(200, 210), Subscription(220, 230), Subscription(240, 250), Subscription(260, 262),
            ])
    }

    func testRetryWhenCompletesWhenTheHandlersSequenceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, TestError.source)])

        let res = scheduler.start { xs.retry(when: { (errors: Observable<TestError>) in errors.take(2) }) }

        XCTAssertEqual(res.events, [.next(205, 1), .next(215, 1), .next(225, 1), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
    }

    func testRetryWhenFailsWhenTheHandlersSequenceFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, TestError.source)])

        let res = scheduler.start {
            xs.retry(when: { errors in errors.map { _ -> Int in throw OtherError.unrelated } })
        }

        XCTAssertEqual(res.events, [.next(205, 1), .error(210, OtherError.unrelated)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testRetryWhenPassesOnErrorsOfAnotherType() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, TestError.source)])
        var handled = 0

        let res = scheduler.start {
            xs.retry(when: { (errors: Observable<OtherError>) in errors.map { _ in handled += 1 } })
        }

        XCTAssertEqual(handled, 0)
        XCTAssertEqual(res.events, [.next(205, 1), .error(210, TestError.source)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }
}
