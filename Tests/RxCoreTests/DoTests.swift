import RxCore
import RxCoreTesting
import XCTest

private enum TestError: Error { case source, handler }

final class DoTests: RxTestCase {
    func testDoRunsEachHandlerAroundTheEventsInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        var log: [String] = []
        let res = scheduler.createObserver(Int.self)
        var subscription: Disposable?

        scheduler.scheduleAt(200) {
            subscription =
                xs
                .do(
                    onNext: { log.append("onNext \($0) @\(scheduler.clock)") },
                    afterNext: { log.append("afterNext \($0)") },
                    onCompleted: { log.append("onCompleted") },
                    afterCompleted: { log.append("afterCompleted") },
                    onSubscribe: { log.append("onSubscribe") },
                    onSubscribed: { log.append("onSubscribed") },
                    onDispose: { log.append("onDispose @\(scheduler.clock)") }
                )
                .subscribe(
                    AnyObserver { event in
                        log.append("observer \(event)")
                        res.on(event)
                    })
        }
        scheduler.scheduleAt(1000) { subscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(
            log,
            [
                "onSubscribe", "onSubscribed",
                "onNext 1 @210", "observer next(1)", "afterNext 1",
                "onNext 2 @220", "observer next(2)", "afterNext 2",
                "onCompleted", "observer completed", "afterCompleted",
                "onDispose @230",
            ])
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDoOnErrorAndAfterErrorSeeTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.source)])
        var seen: [String] = []

        let res = scheduler.start {
            xs.do(onError: { seen.append("onError \($0)") }, afterError: { seen.append("afterError \($0)") })
        }

        XCTAssertEqual(seen, ["onError source", "afterError source"])
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.source)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAThrowingOnNextReplacesTheElementWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])

        let res = scheduler.start {
            xs.do(onNext: { if $0 == 2 { throw TestError.handler } })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.handler)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testOnDisposeRunsWhenTheSubscriberDisposes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        var disposedAt: TestTime?

        let res = scheduler.start(disposed: 250) {
            xs.do(onDispose: { disposedAt = scheduler.clock })
        }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(disposedAt, 250)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}

final class CatchTests: RxTestCase {
    func testCatchContinuesWithTheHandlersSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(230, TestError.source)])
        let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        var caught: [String] = []

        let res = scheduler.start {
            xs.catch { error in
                caught.append("\(error)")
                return ys.asObservable()
            }
        }

        XCTAssertEqual(caught, ["source"])
        XCTAssertEqual(res.events, [.next(210, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testCatchPassesOnAnErrorTheHandlerThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError.source)])

        let res = scheduler.start { xs.catch { _ in throw TestError.handler } }

        XCTAssertEqual(res.events, [.next(210, 2), .error(230, TestError.handler)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testCatchLeavesCompletionAlone() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(230)])
        var called = false

        let res = scheduler.start {
            xs.catch { _ in
                called = true
                return .just(0)
            }
        }

        XCTAssertFalse(called)
        XCTAssertEqual(res.events, [.next(210, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testCatchAndReturnSendsTheElementAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError.source), .next(240, 3)])

        let res = scheduler.start { xs.catchAndReturn(99) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 99), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}
