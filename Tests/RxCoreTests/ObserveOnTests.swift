import Dispatch
import RxCore
import RxCoreTesting
import Synchronization
import XCTest

private enum TestError: Error { case source }

/// Runs work on a concurrent queue, so nothing but the operator keeps the order.
private final class ConcurrentQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    private let queue = DispatchQueue(label: "ObserveOnTests", attributes: .concurrent)

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = BooleanDisposable()
        queue.async {
            if !cancel.isDisposed { _ = action(state) }
        }
        return cancel
    }

    /// Waits until every block scheduled so far has finished.
    func waitUntilIdle() {
        queue.sync(flags: .barrier) {}
    }
}

final class ObserveOnTests: RxTestCase {
    func testObserveOnDeliversEachEventOnTheSchedulerInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(210, 3), .next(240, 4), .completed(300),
        ])

        let res = scheduler.start { xs.observe(on: scheduler) }

        XCTAssertEqual(
            res.events, [.next(211, 2), .next(212, 3), .next(241, 4), .completed(301)],
            "one event per scheduled run, each one tick later on the test scheduler")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testObserveOnPassesTheErrorAfterTheElementsBeforeIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(210, TestError.source)])

        let res = scheduler.start { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1), .error(212, TestError.source)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testObserveOnDropsQueuedEventsOnceDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2)])

        let res = scheduler.start(disposed: 250) { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1)], "the element of 250 was queued, then disposal came first")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testObserveOnAConcurrentSchedulerPreservesOrder() {
        let subject = PublishSubject<Int>()
        let scheduler = ConcurrentQueueScheduler()
        let received = Mutex<[Int]>([])
        let done = expectation(description: "completed")
        let subscription = subject.observe(on: scheduler).subscribe(
            onNext: { value in received.withLock { $0.append(value) } },
            onCompleted: { done.fulfill() })

        for value in 0..<2_000 { subject.onNext(value) }
        subject.onCompleted()
        wait(for: [done], timeout: 10)
        scheduler.waitUntilIdle()
        subscription.dispose()

        XCTAssertEqual(received.withLock { $0 }, Array(0..<2_000))
    }

    func testObserveOnASerialQueueDeliversInOrderOnTheQueue() {
        let queue = DispatchQueue(label: "ObserveOnTests.serial")
        let onQueue = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: onQueue, value: true)
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let subject = PublishSubject<Int>()
        let received = Mutex<[Int]>([])
        let offQueue = Mutex(0)
        let done = expectation(description: "completed")
        let subscription = subject.observe(on: scheduler).subscribe(
            onNext: { value in
                received.withLock { $0.append(value) }
                if DispatchQueue.getSpecific(key: onQueue) != true { offQueue.withLock { $0 += 1 } }
            },
            onCompleted: { done.fulfill() })

        for value in 0..<2_000 { subject.onNext(value) }
        subject.onCompleted()
        wait(for: [done], timeout: 10)
        XCTAssertTrue(scheduler.waitUntilIdle(timeout: 10))
        subscription.dispose()

        XCTAssertEqual(received.withLock { $0 }, Array(0..<2_000))
        XCTAssertEqual(offQueue.withLock { $0 }, 0, "every element is delivered on the scheduler's queue")
    }

    func testDisposingDropsTheEventsStillQueuedOnASerialQueue() {
        let queue = DispatchQueue(label: "ObserveOnTests.held")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let subject = PublishSubject<Int>()
        let received = Mutex<[Int]>([])
        let release = DispatchSemaphore(value: 0)
        queue.async { release.wait() }
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { value in
            received.withLock { $0.append(value) }
        })

        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(scheduler.pendingCount, 2, "each element waits as its own item on the queue")
        subscription.dispose()
        release.signal()

        XCTAssertTrue(scheduler.waitUntilIdle(timeout: 10))
        XCTAssertEqual(received.withLock { $0 }, [], "the elements queued before disposal are dropped")
    }
}

final class SubscribeOnTests: RxTestCase {
    func testSubscribeOnSubscribesAndDisposesOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(300, 3)])

        let res = scheduler.start(disposed: 400) { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(300, 3)])
        XCTAssertEqual(
            xs.subscriptions, [Subscription(201, 401)],
            "subscribing and disposing are each scheduled, one tick later on the test scheduler")
    }

    func testSubscribeOnDisposesTheSourceOnTheSchedulerAfterItEnds() {
        let scheduler = TestScheduler(initialClock: 0), otherScheduler = TestScheduler(initialClock: 0)
        let completing = scheduler.createHotObservable([.completed(300)] as [Recorded<Event<Int>>])
        let failing = otherScheduler.createHotObservable([.error(300, TestError.source)] as [Recorded<Event<Int>>])

        let completed = scheduler.start { completing.subscribe(on: scheduler) }
        let failed = otherScheduler.start { failing.subscribe(on: otherScheduler) }

        XCTAssertEqual(completed.events, [.completed(300)])
        XCTAssertEqual(failed.events, [.error(300, TestError.source)])
        XCTAssertEqual(completing.subscriptions, [Subscription(201, 301)], "the disposal is scheduled, one tick later")
        XCTAssertEqual(failing.subscriptions, [Subscription(201, 301)])
    }

    func testSubscribeOnDisposedBeforeTheScheduledSubscriptionNeverSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2)])

        let res = scheduler.start(disposed: 200) { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [])
    }
}

final class MaterializeTests: RxTestCase {
    func testMaterializeTurnsEventsIntoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.source)])

        let res = scheduler.start { xs.materialize() }

        XCTAssertEqual(
            res.events, [.next(210, Event.next(1)), .next(220, Event<Int>.error(TestError.source)), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDematerializeTurnsElementsBackIntoEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event.next(1)), .next(220, Event<Int>.completed), .next(230, Event.next(2)),
        ])

        let res = scheduler.start { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testMaterializeThenDematerializeIsTheIdentity() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .error(220, TestError.source)])

        let res = scheduler.start { xs.materialize().dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 1), .next(215, 2), .error(220, TestError.source)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}
