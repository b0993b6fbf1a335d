import Dispatch
import RxCore
import Synchronization
import XCTest

/// Records events from any thread and checks the grammar they arrived in.
private final class GrammarRecorder<Element>: ObserverType, @unchecked Sendable {
    private let events = Mutex<[Event<Element>]>([])

    func on(_ event: Event<Element>) {
        events.withLock { $0.append(event) }
    }

    var recorded: [Event<Element>] { events.withLock { $0 } }

    /// At most one terminal event, and nothing after it.
    var isGrammatical: Bool {
        let events = recorded
        guard let stop = events.firstIndex(where: \.isStopEvent) else { return true }
        return stop == events.count - 1
    }
}

final class OperatorConcurrencyTests: RxTestCase {
    func testShareReplayWithSubscribersComingAndGoingOnSeveralThreads() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let emitting = Atomic<Bool>(true)
        let emitter = BackgroundThread {
            var value = 0
            while emitting.load(ordering: .relaxed) {
                subject.onNext(value)
                value += 1
            }
        }

        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<300 {
                let recorder = GrammarRecorder<Int>()
                let subscription = shared.subscribe(recorder)
                subscription.dispose()
                XCTAssertTrue(recorder.recorded.allSatisfy { $0.element != nil })
            }
        }
        emitting.store(false, ordering: .relaxed)
        emitter.join()

        XCTAssertFalse(subject.hasObservers, "the last subscriber leaving disconnected the source")
    }

    func testRefCountWithSubscribersComingAndGoingOnSeveralThreads() {
        let subject = PublishSubject<Int>()
        let shared = subject.publish().refCount()
        let longLived = shared.subscribe()

        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<300 {
                shared.subscribe().dispose()
            }
        }
        XCTAssertTrue(subject.hasObservers, "one subscriber is still there")
        longLived.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    func testTakeUntilRacingTheSourceOnAnotherThreadKeepsTheGrammar() {
        for _ in 0..<200 {
            let source = PublishSubject<Int>()
            let other = PublishSubject<Void>()
            let recorder = GrammarRecorder<Int>()
            let subscription = source.take(until: other).subscribe(recorder)
            let feeder = BackgroundThread {
                for value in 0..<50 { source.onNext(value) }
            }
            other.onNext(())
            feeder.join()
            subscription.dispose()

            XCTAssertTrue(recorder.isGrammatical)
            XCTAssertEqual(recorder.recorded.last.map(\.isCompleted), true)
        }
    }

    func testDebounceOnADispatchSchedulerSendsOnlyTheLastOfABurst() {
        let queue = DispatchQueue(label: "DebounceConcurrency")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let subject = PublishSubject<Int>()
        let received = Mutex<[Int]>([])
        let sent = expectation(description: "debounced element")
        let subscription = subject.debounce(.milliseconds(50), scheduler: scheduler).subscribe(onNext: { value in
            received.withLock { $0.append(value) }
            sent.fulfill()
        })

        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        wait(for: [sent], timeout: 5)
        subscription.dispose()
        queue.sync {}

        XCTAssertEqual(received.withLock { $0 }, [3])
    }

    func testTimeoutOnADispatchSchedulerFailsASilentSequence() {
        let queue = DispatchQueue(label: "TimeoutConcurrency")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let failed = expectation(description: "timeout")
        let subscription = PublishSubject<Int>().timeout(.milliseconds(20), scheduler: scheduler).subscribe(onError: {
            error in
            if case RxError.timeout = error { failed.fulfill() }
        })

        wait(for: [failed], timeout: 5)
        subscription.dispose()
        queue.sync {}
    }
}
