import RxCore
import RxCoreTesting
import XCTest

private enum TestError: Error { case source }

/// Subscribes a recording observer to `source` at `subscribed` and disposes it at `disposed`.
private func observe<Element>(
    _ source: Observable<Element>, on scheduler: TestScheduler,
    from subscribed: TestTime, to disposed: TestTime
) -> TestableObserver<Element> {
    let observer = scheduler.createObserver(Element.self)
    var subscription: Disposable?
    scheduler.scheduleAt(subscribed) { subscription = source.subscribe(observer) }
    scheduler.scheduleAt(disposed) { subscription?.dispose() }
    return observer
}

final class ShareReplayTests: RxTestCase {
    private let events: [Recorded<Event<Int>>] = [
        .next(210, 1), .next(220, 2), .next(320, 3), .next(330, 4), .completed(500),
    ]

    func testShareSubscribesOnceForAllSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let shared = xs.share()

        let first = observe(shared, on: scheduler, from: 200, to: 1000)
        let second = observe(shared, on: scheduler, from: 215, to: 325)
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .next(320, 3), .next(330, 4), .completed(500)])
        XCTAssertEqual(second.events, [.next(220, 2), .next(320, 3)], "no replay without a replay count")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
    }

    func testWhileConnectedReplaysTheLatestElementWhileConnected() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let shared = xs.share(replay: 1, scope: .whileConnected)

        let first = observe(shared, on: scheduler, from: 200, to: 1000)
        let late = observe(shared, on: scheduler, from: 225, to: 1000)
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .next(320, 3), .next(330, 4), .completed(500)])
        XCTAssertEqual(late.events, [.next(225, 2), .next(320, 3), .next(330, 4), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
    }

    func testWhileConnectedDropsTheBufferWhenTheLastSubscriberLeaves() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let shared = xs.share(replay: 1, scope: .whileConnected)

        let first = observe(shared, on: scheduler, from: 200, to: 250)
        let second = observe(shared, on: scheduler, from: 300, to: 1000)
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(
            second.events, [.next(320, 3), .next(330, 4), .completed(500)],
            "the element 2 went with the first connection")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(300, 500)])
    }

    func testForeverKeepsTheBufferWhenTheLastSubscriberLeaves() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let shared = xs.share(replay: 1, scope: .forever)

        let first = observe(shared, on: scheduler, from: 200, to: 250)
        let second = observe(shared, on: scheduler, from: 300, to: 1000)
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(
            second.events, [.next(300, 2), .next(320, 3), .next(330, 4), .completed(500)],
            "the element 2 outlived the first connection")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(300, 500)])
    }

    func testWhileConnectedResubscribesACompletedColdSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let shared = xs.share(replay: 1, scope: .whileConnected)

        let first = observe(shared, on: scheduler, from: 200, to: 1000)
        let second = observe(shared, on: scheduler, from: 300, to: 1000)
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(second.events, [.next(310, 1), .next(320, 2), .completed(330)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(300, 330)])
    }

    func testForeverReplaysTheBufferAndTheTerminationWithoutResubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, TestError.source)])
        let shared = xs.share(replay: 1, scope: .forever)

        let first = observe(shared, on: scheduler, from: 200, to: 1000)
        let second = observe(shared, on: scheduler, from: 300, to: 1000)
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .error(230, TestError.source)])
        XCTAssertEqual(second.events, [.next(300, 2), .error(300, TestError.source)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testWhileConnectedReplaysSeveralElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let shared = xs.share(replay: 3)

        let first = observe(shared, on: scheduler, from: 200, to: 1000)
        let late = observe(shared, on: scheduler, from: 400, to: 1000)
        scheduler.start()

        XCTAssertEqual(first.events.count, 5)
        XCTAssertEqual(late.events, [.next(400, 2), .next(400, 3), .next(400, 4), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
    }

    func testShareForeverWithoutReplaySendsNothingOld() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let shared = xs.share(scope: .forever)

        let first = observe(shared, on: scheduler, from: 200, to: 250)
        let second = observe(shared, on: scheduler, from: 300, to: 1000)
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(second.events, [.next(320, 3), .next(330, 4), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(300, 500)])
    }

    func testTheSharedSequenceIsNamedInTheSubscriptionChain() {
        let subject = PublishSubject<Int>()
        let subscription = subject.map { $0 }.share(replay: 1).subscribe()
        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.chain), ["PublishSubject<Int> → map → share → subscribe"])
        subscription.dispose()
        XCTAssertFalse(subject.hasObservers, "the last subscriber leaving disconnects the source")
    }

    func testASynchronousSourceIsResubscribedWhileConnectedButReplayedForever() {
        var subscriptions = 0
        let source = Observable<Int>.create { observer in
            subscriptions += 1
            observer.onNext(subscriptions)
            observer.onCompleted()
            return Disposables.create()
        }
        var whileConnected: [String] = []
        var forever: [String] = []

        let shared = source.share(replay: 1)
        _ = shared.subscribe(
            onNext: { whileConnected.append("a\($0)") }, onCompleted: { whileConnected.append("a done") })
        _ = shared.subscribe(
            onNext: { whileConnected.append("b\($0)") }, onCompleted: { whileConnected.append("b done") })
        XCTAssertEqual(whileConnected, ["a1", "a done", "b2", "b done"])

        let kept = source.share(replay: 1, scope: .forever)
        _ = kept.subscribe(onNext: { forever.append("a\($0)") }, onCompleted: { forever.append("a done") })
        _ = kept.subscribe(onNext: { forever.append("b\($0)") }, onCompleted: { forever.append("b done") })
        XCTAssertEqual(forever, ["a3", "a done", "b3", "b done"])
        XCTAssertEqual(subscriptions, 3)
    }
}
