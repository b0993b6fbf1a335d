import Foundation
import RxCore
import RxCoreTesting
import XCTest

private enum SubjectTestError: Error { case boom }

/// An object whose lifetime a test can watch.
private final class Payload {}

final class BehaviorSubjectTests: RxTestCase {
    func testSubscriberReceivesTheCurrentValueThenLaterEvents() {
        let subject = BehaviorSubject(value: 1)
        var early: [Event<Int>] = []
        var late: [Event<Int>] = []
        let first = subject.subscribe { early.append($0) }
        subject.onNext(2)
        subject.onNext(3)
        let second = subject.subscribe { late.append($0) }
        subject.onNext(4)
        subject.onCompleted()
        XCTAssertEqual(early, [.next(1), .next(2), .next(3), .next(4), .completed])
        XCTAssertEqual(late, [.next(3), .next(4), .completed])
        first.dispose()
        second.dispose()
    }

    func testAfterTerminationASubscriberReceivesOnlyTheTerminalEvent() {
        let completed = BehaviorSubject(value: 1)
        completed.onNext(2)
        completed.onCompleted()
        completed.onNext(3)
        var events: [Event<Int>] = []
        _ = completed.subscribe { events.append($0) }
        XCTAssertEqual(events, [.completed])
        XCTAssertEqual(try completed.value(), 2, "a completed subject keeps its last value")

        let failed = BehaviorSubject(value: 1)
        failed.onError(SubjectTestError.boom)
        events = []
        _ = failed.subscribe { events.append($0) }
        XCTAssertEqual(events, [.error(SubjectTestError.boom)])
        XCTAssertThrowsError(try failed.value()) { XCTAssertTrue($0 is SubjectTestError) }
    }

    func testValueFollowsNextAndThrowsDisposedAfterDispose() throws {
        let subject = BehaviorSubject(value: "a")
        XCTAssertEqual(try subject.value(), "a")
        subject.onNext("b")
        XCTAssertEqual(try subject.value(), "b")
        subject.dispose()
        XCTAssertTrue(subject.isDisposed)
        XCTAssertThrowsError(try subject.value()) { error in
            guard case RxError.disposed = error else { return XCTFail("\(error)") }
        }
        var events: [Event<String>] = []
        _ = subject.subscribe { events.append($0) }
        XCTAssertEqual(events.count, 1)
        XCTAssertNotNil(events.first?.error as? RxError)
    }

    func testDisposingTheSubscriptionStopsDeliveryAndRemovesTheObserver() {
        let subject = BehaviorSubject(value: 0)
        var received: [Int] = []
        let subscription = subject.subscribe(onNext: { received.append($0) })
        XCTAssertTrue(subject.hasObservers)
        subject.onNext(1)
        subscription.dispose()
        XCTAssertFalse(subject.hasObservers)
        subject.onNext(2)
        XCTAssertEqual(received, [0, 1])
    }

    func testSubscribingFromAnObserverReceivesTheValueBeingDeliveredWithoutADiagnostic() {
        Resources.clearDiagnostics()
        let subject = BehaviorSubject(value: 0)
        var inner: [Int] = []
        let bag = DisposeBag()
        subject.subscribe(onNext: { [unowned subject] value in
            guard value == 1 else { return }
            subject.subscribe(onNext: { inner.append($0) }).disposed(by: bag)
        }).disposed(by: bag)
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(inner, [1, 2])
        XCTAssertEqual(Resources.diagnostics, [])
    }

    func testAConcurrentSubscriberNeverSeesAnOlderValueAfterANewerOne() {
        Resources.clearDiagnostics()
        let subject = BehaviorSubject(value: 0)
        let done = Shared(false)
        let outOfOrder = Shared(0)
        let sender = BackgroundThread {
            for value in 1...20_000 { subject.onNext(value) }
            done.value = true
        }
        var subscriptions = 0
        repeat {
            let last = Shared(-1)
            let subscription = subject.subscribe(onNext: { value in
                if value < last.value { outOfOrder.value += 1 }
                last.value = value
            })
            subscription.dispose()
            subscriptions += 1
        } while !done.value
        sender.join()
        XCTAssertGreaterThan(subscriptions, 0)
        XCTAssertEqual(outOfOrder.value, 0)
        XCTAssertEqual(
            Resources.diagnostics.filter { $0.kind == .concurrentDelivery }, [],
            "subscribing while another thread sends is not a misuse")
    }
}

final class ReplaySubjectTests: RxTestCase {
    func testBoundedBufferReplaysTheNewestElementsThenLiveEvents() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        for value in 1...4 { subject.onNext(value) }
        var events: [Event<Int>] = []
        let subscription = subject.subscribe { events.append($0) }
        subject.onNext(5)
        XCTAssertEqual(events, [.next(3), .next(4), .next(5)])
        subscription.dispose()
    }

    func testUnboundBufferReplaysEverythingThenTheTerminalEvent() {
        let subject = ReplaySubject<Int>.createUnbounded()
        for value in 1...5 { subject.onNext(value) }
        subject.onError(SubjectTestError.boom)
        subject.onNext(6)
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(1), .next(2), .next(3), .next(4), .next(5), .error(SubjectTestError.boom)])
    }

    func testBufferOfOneAndOfZero() {
        let one = ReplaySubject<Int>.create(bufferSize: 1)
        let zero = ReplaySubject<Int>.create(bufferSize: 0)
        for value in 1...3 {
            one.onNext(value)
            zero.onNext(value)
        }
        one.onCompleted()
        zero.onCompleted()
        var fromOne: [Event<Int>] = []
        var fromZero: [Event<Int>] = []
        _ = one.subscribe { fromOne.append($0) }
        _ = zero.subscribe { fromZero.append($0) }
        XCTAssertEqual(fromOne, [.next(3), .completed])
        XCTAssertEqual(fromZero, [.completed])
    }

    func testAnElementLeavesMemoryWhenItLeavesTheBuffer() {
        let subject = ReplaySubject<Payload>.create(bufferSize: 1)
        weak var evicted: Payload?
        weak var kept: Payload?
        do {
            let first = Payload(), second = Payload()
            evicted = first
            kept = second
            subject.onNext(first)
            subject.onNext(second)
        }
        XCTAssertNil(evicted)
        XCTAssertNotNil(kept)
        subject.dispose()
        XCTAssertNil(kept, "dispose releases the buffer")
    }

    func testDisposeReleasesObserversAndLaterSubscribersGetDisposedError() {
        let subject = ReplaySubject<Int>.createUnbounded()
        subject.onNext(1)
        var events: [Event<Int>] = []
        let subscription = subject.subscribe { events.append($0) }
        subject.dispose()
        XCTAssertFalse(subject.hasObservers)
        XCTAssertEqual(
            liveSubscriptionsOfThisTest.map(\.chain), ["ReplaySubject<Int> → subscribe"],
            "disposing a subject does not end its subscriptions")
        subscription.dispose()
        subject.onNext(2)
        var late: [Event<Int>] = []
        _ = subject.subscribe { late.append($0) }
        XCTAssertEqual(events, [.next(1)])
        XCTAssertEqual(late.count, 1)
        guard case RxError.disposed? = late.first?.error else { return XCTFail("\(late)") }
    }
}

final class AsyncSubjectTests: RxTestCase {
    func testSendsOnlyTheLastElementOnCompletionToEveryObserverInRxSwiftsOrder() {
        let subject = AsyncSubject<Int>()
        var log: [String] = []
        let bag = DisposeBag()
        for name in ["a", "b"] {
            subject.subscribe(
                onNext: { log.append("\(name) next \($0)") },
                onCompleted: { log.append("\(name) completed") }
            )
            .disposed(by: bag)
        }
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(log, [])
        subject.onCompleted()
        XCTAssertEqual(log, ["a next 2", "b next 2", "a completed", "b completed"])
        XCTAssertFalse(subject.hasObservers)

        var late: [Event<Int>] = []
        _ = subject.subscribe { late.append($0) }
        XCTAssertEqual(late, [.next(2), .completed])
    }

    func testCompletionWithoutElementsAndErrors() {
        let empty = AsyncSubject<Int>()
        var events: [Event<Int>] = []
        _ = empty.subscribe { events.append($0) }
        empty.onCompleted()
        XCTAssertEqual(events, [.completed])

        let failed = AsyncSubject<Int>()
        events = []
        _ = failed.subscribe { events.append($0) }
        failed.onNext(1)
        failed.onError(SubjectTestError.boom)
        failed.onCompleted()
        var late: [Event<Int>] = []
        _ = failed.subscribe { late.append($0) }
        XCTAssertEqual(events, [.error(SubjectTestError.boom)])
        XCTAssertEqual(late, [.error(SubjectTestError.boom)])
    }
}

/// The subjects in virtual time, as RxSwift's own subject tests run them: a
/// hot source feeds the subject from 200; observers come at 100, 300 and 500.
final class SubjectVirtualTimeTests: RxTestCase {
    private func run<Subject: SubjectType & ObserverType>(
        _ subject: Subject
    ) -> (
        early: [Recorded<Event<Int>>], late: [Recorded<Event<Int>>], afterEnd: [Recorded<Event<Int>>],
        source: [Subscription]
    )
    where Subject.Element == Int, Subject.Observer.Element == Int {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .next(310, 3), .completed(400)])
        let observers = (0..<3).map { _ in scheduler.createObserver(Int.self) }
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(xs.subscribe(subject)) }
        for (observer, time) in zip(observers, [100, 300, 500]) {
            scheduler.scheduleAt(time) { subscriptions.append(subject.subscribe(observer)) }
        }
        scheduler.scheduleAt(1000) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()
        return (observers[0].events, observers[1].events, observers[2].events, xs.subscriptions)
    }

    func testBehaviorSubject() {
        let result = run(BehaviorSubject(value: 0))
        XCTAssertEqual(result.early, [.next(100, 0), .next(210, 1), .next(250, 2), .next(310, 3), .completed(400)])
        XCTAssertEqual(result.late, [.next(300, 2), .next(310, 3), .completed(400)])
        XCTAssertEqual(result.afterEnd, [.completed(500)])
        XCTAssertEqual(result.source, [Subscription(200, 1000)])
    }

    func testReplaySubject() {
        let result = run(ReplaySubject<Int>.create(bufferSize: 2))
        XCTAssertEqual(result.early, [.next(210, 1), .next(250, 2), .next(310, 3), .completed(400)])
        XCTAssertEqual(result.late, [.next(300, 1), .next(300, 2), .next(310, 3), .completed(400)])
        XCTAssertEqual(result.afterEnd, [.next(500, 2), .next(500, 3), .completed(500)])
        XCTAssertEqual(result.source, [Subscription(200, 1000)])
    }

    func testPublishSubject() {
        let result = run(PublishSubject<Int>())
        XCTAssertEqual(result.early, [.next(210, 1), .next(250, 2), .next(310, 3), .completed(400)])
        XCTAssertEqual(result.late, [.next(310, 3), .completed(400)])
        XCTAssertEqual(result.afterEnd, [.completed(500)])
    }

    func testAsyncSubject() {
        let result = run(AsyncSubject<Int>())
        XCTAssertEqual(result.early, [.next(400, 3), .completed(400)])
        XCTAssertEqual(result.late, [.next(400, 3), .completed(400)])
        XCTAssertEqual(result.afterEnd, [.next(500, 3), .completed(500)])
    }
}

final class PublishSubjectRemovalTests: RxTestCase {
    /// `subscribe(onNext:)` straight on a `PublishSubject` keeps the observer's
    /// key in the subscription itself: disposal must still find the subject.
    func testDisposingASubscriptionMadeOnAPublishSubjectRemovesItsObserverOnly() {
        let subject = PublishSubject<Int>()
        var first: [Int] = [], second: [Int] = []
        let firstSubscription = subject.subscribe(onNext: { first.append($0) })
        let secondSubscription = subject.subscribe(onNext: { second.append($0) })
        subject.onNext(1)
        firstSubscription.dispose()
        subject.onNext(2)
        firstSubscription.dispose()
        subject.onNext(3)
        secondSubscription.dispose()

        XCTAssertEqual(first, [1])
        XCTAssertEqual(second, [1, 2, 3])
        XCTAssertFalse(subject.hasObservers)
    }

    func testASubscriptionDoesNotKeepItsPublishSubjectAlive() {
        weak var weakSubject: PublishSubject<Int>?
        var subscription: Disposable?
        do {
            let subject = PublishSubject<Int>()
            weakSubject = subject
            subscription = subject.subscribe(onNext: { _ in })
        }
        XCTAssertNil(weakSubject)
        subscription?.dispose()
    }

    /// The subscription keeps the subject's observer table alive; the subject
    /// empties it as it goes, so what the observer captured goes with the
    /// subject, not with the subscription (which a bag may keep much longer).
    func testASubscriptionOutlivingItsPublishSubjectDoesNotKeepTheObserversCaptures() {
        final class Captured {}
        weak var weakCaptured: Captured?
        let bag = DisposeBag()
        do {
            let subject = PublishSubject<Int>()
            let captured = Captured()
            weakCaptured = captured
            subject.subscribe(onNext: { _ in _ = captured }).disposed(by: bag)
            XCTAssertNotNil(weakCaptured)
        }
        XCTAssertNil(weakCaptured)
        XCTAssertEqual(bag.count, 1)
    }

    func testSubscribingToAnEndedPublishSubjectGetsItsTerminalEvent() {
        let subject = PublishSubject<Int>()
        subject.onCompleted()
        var completed = 0, disposed = 0
        _ = subject.subscribe(onCompleted: { completed += 1 }, onDisposed: { disposed += 1 })
        XCTAssertEqual(completed, 1)
        XCTAssertEqual(disposed, 1)
        XCTAssertFalse(subject.hasObservers)
    }

    /// Disposal in an order that leaves gaps, then compacts them away more
    /// than once: every remaining observer still receives each element, and
    /// no disposed one does.
    func testObserversDisposedOutOfOrderStopReceivingAndTheOthersKeepReceiving() {
        let subject = PublishSubject<Int>()
        let count = 100
        var received = Array(repeating: [Int](), count: count)
        let subscriptions = (0..<count).map { index in
            subject.subscribe(onNext: { received[index].append($0) })
        }
        var live = Set(0..<count)
        let rounds: [[Int]] = [
            Array(stride(from: count - 1, through: 0, by: -3)),  // from the back, with gaps
            Array(stride(from: 1, to: count, by: 3)),  // from the front, with gaps
            Array(stride(from: 2, to: count, by: 4)),  // after a compaction
        ]
        for (round, disposed) in rounds.enumerated() {
            for index in disposed {
                subscriptions[index].dispose()
                live.remove(index)
            }
            subject.onNext(round)
        }
        for index in 0..<count {
            let expected = rounds.indices.filter { round in
                !rounds[...round].contains { $0.contains(index) }
            }
            XCTAssertEqual(received[index], expected, "observer \(index)")
        }
        XCTAssertEqual(subject.hasObservers, !live.isEmpty)
        XCTAssertEqual(liveSubscriptionsOfThisTest.count, live.count)
        subscriptions.forEach { $0.dispose() }
        XCTAssertFalse(subject.hasObservers)
    }
}

/// `dispose()` releases what the subject held after leaving its lock: an
/// observer's closure may hold the last reference to an object whose bag
/// disposes another subscription to the same subject, which takes the lock.
final class SubjectDisposalReleaseTests: RxTestCase {
    private final class Owner {
        let bag = DisposeBag()
    }

    private func assertDisposeReleasesOutsideTheLock<Subject: ObservableType & Cancelable & AnyObject>(
        _ makeSubject: () -> Subject, file: StaticString = #filePath, line: UInt = #line
    ) {
        let subject = makeSubject()
        do {
            let owner = Owner()
            subject.subscribe(onNext: { _ in }).disposed(by: owner.bag)
            // Not disposed: the subject's observer holds the only reference to `owner`.
            _ = subject.subscribe(onNext: { _ in withExtendedLifetime(owner) {} })
        }
        let disposed = DispatchSemaphore(value: 0)
        // On another thread, so that a deadlock fails this test instead of
        // hanging the run; unretained there, so the subject is gone when the
        // test ends (the test's own reference keeps it alive meanwhile).
        let unretained = Unmanaged.passUnretained(subject)
        Thread.detachNewThread {
            unretained._withUnsafeGuaranteedRef { $0.dispose() }
            disposed.signal()
        }
        if disposed.wait(timeout: .now() + 10) == .timedOut {
            XCTFail("dispose() deadlocked", file: file, line: line)
            // Kept forever: its deinit would wait for the lock the stuck thread holds.
            _ = Unmanaged.passRetained(subject)
        }
    }

    func testPublishSubject() {
        assertDisposeReleasesOutsideTheLock { PublishSubject<Int>() }
    }

    func testBehaviorSubject() {
        assertDisposeReleasesOutsideTheLock { BehaviorSubject(value: 0) }
    }

    func testReplaySubject() {
        assertDisposeReleasesOutsideTheLock { ReplaySubject<Int>.create(bufferSize: 1) }
    }
}
