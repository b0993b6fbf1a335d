import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error {}

final class CreationTests: RxTestCase {
    func testOfSendsOneElementPerSchedulerRunThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }

    func testOfDisposedMidwayStopsSending() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 202) { Observable.of(1, 2, 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 1)])
    }

    func testOfOnTheCurrentThreadSchedulerIsSynchronous() {
        var events: [String] = []
        _ = Observable.of("a", "b").subscribe(
            onNext: { events.append($0) }, onCompleted: { events.append("completed") })
        events.append("returned")

        XCTAssertEqual(events, ["a", "b", "completed", "returned"])
    }

    func testFromArrayAndSequence() {
        let scheduler = TestScheduler(initialClock: 0)

        let fromArray = scheduler.start { Observable.from([7, 8], scheduler: scheduler) }
        let fromSequence = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            Observable.from(stride(from: 10, to: 40, by: 10), scheduler: scheduler)
        }

        XCTAssertEqual(fromArray.events, [.next(201, 7), .next(202, 8), .completed(203)])
        XCTAssertEqual(fromSequence.events, [.next(1201, 10), .next(1202, 20), .next(1203, 30), .completed(1204)])
    }

    func testFromEachSubscriptionIteratesAfresh() {
        let source = Observable.from(1...3)
        var first: [Int] = [], second: [Int] = []
        _ = source.subscribe(onNext: { first.append($0) })
        _ = source.subscribe(onNext: { second.append($0) })

        XCTAssertEqual(first, [1, 2, 3])
        XCTAssertEqual(second, [1, 2, 3])
    }

    func testEmptyCompletesAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.empty() }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testNeverSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.never() }

        XCTAssertEqual(res.events, [])
    }

    func testErrorFailsAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.error(TestError()) }

        XCTAssertEqual(res.events, [.error(200, TestError())])
    }

    func testDeferredCallsTheFactoryForEachSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        var invoked: [TestTime] = []

        let res = scheduler.start {
            Observable.deferred {
                invoked.append(scheduler.clock)
                return xs.asObservable()
            }
        }

        XCTAssertEqual(invoked, [200], "the factory runs at subscription, not at creation")
        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDeferredFactoryErrorGoesToTheSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.deferred { throw TestError() } }

        XCTAssertEqual(res.events, [.error(200, TestError())])
    }

    func testDeferredDisposalReachesTheInnerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])

        let res = scheduler.start(disposed: 250) { Observable.deferred { xs.asObservable() } }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testRangeCountsUpFromStart() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.range(start: -1, count: 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, -1), .next(202, 0), .next(203, 1), .completed(204)])
    }

    func testRangeOfZeroCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.range(start: 5, count: 0, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(201)])
    }

    func testRangeReachesTheLargestValueOfItsType() {
        var received: [Int8] = []
        _ = Observable<Int8>.range(start: 125, count: 3).subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [125, 126, 127])
    }

    func testRepeatElementRepeatsUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 204) { Observable.repeatElement(42, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 42), .next(202, 42), .next(203, 42)])
    }

    func testRepeatElementOnTheCurrentThreadStopsWhenDisposedFromTheObserver() {
        var count = 0
        var subscription: Disposable?
        // Subscribing from inside a trampoline run returns before the first
        // element, so the observer has the subscription to dispose (outside
        // one, subscribe would never return, as in RxSwift).
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            subscription = Observable.repeatElement("x").subscribe(onNext: { _ in
                count += 1
                if count == 5 { subscription?.dispose() }
            })
            XCTAssertEqual(count, 0)
            return Disposables.create()
        }

        XCTAssertEqual(count, 5)
    }
}
