import Foundation
import RxCore
import XCTest

/// A thread that sends into or subscribes to a subject while another thread
/// delivers from it must never wait for that delivery: the delivering thread's
/// observers may need a lock the first thread holds (RxSwift's subjects only
/// lock to take a snapshot, so they never wait there). Each test orders the two
/// threads with semaphores so that, if the subject made the second thread
/// wait, both would wait for each other for ever.
final class SubjectLockOrderTests: RxTestCase {
    private static let deadlockTimeout = 10.0

    /// The deadlock the stress suite found in `share(replay:scope: .forever)`:
    /// a thread connecting a `refCount` holds its lock while the source sends
    /// into the subject, while another thread completing the subject waits for
    /// that lock in the `refCount` subscriber it is delivering to.
    func testCompletingTheSubjectWhileAnotherThreadConnectsItsRefCountDoesNotDeadlock() {
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        let connecting = DispatchSemaphore(value: 0)
        let delivering = DispatchSemaphore(value: 0)
        let source = Observable<Int>.create { observer in
            connecting.signal()
            delivering.wait()
            observer.onNext(1)
            return Disposables.create()
        }
        let shared = source.multicast(subject).refCount()
        let gate = subject.subscribe(onCompleted: { delivering.signal() })
        let received = Shared<[Event<Int>]>([])
        let subscription = Shared<Disposable?>(nil)

        let connector = BackgroundThread {
            subscription.value = shared.subscribe { received.value.append($0) }
        }
        let completer = BackgroundThread {
            connecting.wait()
            subject.onCompleted()
        }

        XCTAssertTrue(
            connector.join(timeout: Self.deadlockTimeout), "the connecting thread waited for the delivering one")
        XCTAssertTrue(
            completer.join(timeout: Self.deadlockTimeout), "the completing thread waited for the connecting one")
        XCTAssertEqual(
            received.value, [.completed], "the element sent after completion is dropped, completion arrives once")
        subscription.value?.dispose()
        gate.dispose()
    }

    /// A thread holding a lock subscribes to a subject whose delivery, on
    /// another thread, waits for that lock in an observer: the replay happens
    /// in the delivering thread's turn, before its next event.
    func testSubscribingWhileAnotherThreadDeliversDoesNotWaitForIt() {
        let subject = BehaviorSubject(value: 0)
        let lock = NSLock()
        let locked = DispatchSemaphore(value: 0)
        let delivering = DispatchSemaphore(value: 0)
        let gate = subject.subscribe(onNext: { value in
            guard value == 1 else { return }
            delivering.signal()
            lock.withLock {}
        })
        let received = Shared<[Int]>([])
        let subscription = Shared<Disposable?>(nil)

        let subscriber = BackgroundThread {
            lock.withLock {
                locked.signal()
                delivering.wait()
                subscription.value = subject.subscribe(onNext: { received.value.append($0) })
            }
        }
        let sender = BackgroundThread {
            locked.wait()
            subject.onNext(1)
            subject.onNext(2)
        }

        XCTAssertTrue(
            subscriber.join(timeout: Self.deadlockTimeout), "the subscribing thread waited for the delivering one")
        XCTAssertTrue(
            sender.join(timeout: Self.deadlockTimeout), "the delivering thread waited for the subscribing one")
        XCTAssertEqual(
            received.value, [1, 2], "the replay comes in the delivering thread's turn, before the next event")
        subscription.value?.dispose()
        gate.dispose()
    }

    /// A thread holding a lock sends into a subject whose delivery, on another
    /// thread, waits for that lock in an observer: the event is delivered
    /// after the current one, by the delivering thread, and recorded as a
    /// concurrent delivery.
    func testSendingWhileAnotherThreadDeliversDoesNotWaitForIt() {
        Resources.clearDiagnostics()
        let subject = PublishSubject<Int>()
        let lock = NSLock()
        let locked = DispatchSemaphore(value: 0)
        let delivering = DispatchSemaphore(value: 0)
        let received = Shared<[Int]>([])
        let observer = subject.subscribe(onNext: { value in
            received.value.append(value)
            guard value == 1 else { return }
            delivering.signal()
            lock.withLock {}
        })

        let lockHolder = BackgroundThread {
            lock.withLock {
                locked.signal()
                delivering.wait()
                subject.onNext(2)
            }
        }
        let sender = BackgroundThread {
            locked.wait()
            subject.onNext(1)
        }

        XCTAssertTrue(
            lockHolder.join(timeout: Self.deadlockTimeout), "the sending thread waited for the delivering one")
        XCTAssertTrue(sender.join(timeout: Self.deadlockTimeout), "the delivering thread waited for the sending one")
        XCTAssertEqual(received.value, [1, 2])
        XCTAssertEqual(Resources.diagnostics.map(\.kind), [.concurrentDelivery])
        observer.dispose()
    }

    /// RxSwift issue 2653: `share(replay:scope: .whileConnected)` replaying to
    /// a new subscriber while holding its lock. The replayed element reaches an
    /// observer that waits for a lock another thread holds, and that thread
    /// disposes another subscription of the share, which needs the share's lock.
    func testReplayingAShareToANewSubscriberDoesNotHoldTheSharesLock() {
        for replay in [1, 2] {
            let shared = Observable<Int>.create { observer in
                observer.onNext(1)
                return Disposables.create()
            }.share(replay: replay, scope: .whileConnected)
            let first = shared.subscribe()
            let lock = NSLock()
            let locked = DispatchSemaphore(value: 0)
            let replaying = DispatchSemaphore(value: 0)
            let received = Shared<[Int]>([])
            let subscription = Shared<Disposable?>(nil)

            let subscriber = BackgroundThread {
                locked.wait()
                subscription.value = shared.subscribe(onNext: { value in
                    replaying.signal()
                    lock.withLock { received.value.append(value) }
                })
            }
            let disposer = BackgroundThread {
                lock.withLock {
                    locked.signal()
                    replaying.wait()
                    first.dispose()
                }
            }

            XCTAssertTrue(
                disposer.join(timeout: Self.deadlockTimeout),
                "replay \(replay): disposing waited for the replaying subscriber")
            XCTAssertTrue(
                subscriber.join(timeout: Self.deadlockTimeout),
                "replay \(replay): the replaying subscriber never got the lock")
            XCTAssertEqual(received.value, [1], "replay \(replay)")
            subscription.value?.dispose()
        }
    }

    /// Replaying outside the share's lock keeps the order: an element the
    /// source sends on another thread during the replay comes after it.
    func testAnElementSentDuringAShareReplayComesAfterTheReplayedOnes() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1, scope: .whileConnected)
        let first = shared.subscribe()
        subject.onNext(1)
        let replaying = DispatchSemaphore(value: 0)
        let sent = DispatchSemaphore(value: 0)
        let received = Shared<[Int]>([])
        let subscription = Shared<Disposable?>(nil)

        let subscriber = BackgroundThread {
            subscription.value = shared.subscribe(onNext: { value in
                if value == 1 {
                    replaying.signal()
                    sent.wait()
                }
                received.value.append(value)
            })
        }
        let sender = BackgroundThread {
            replaying.wait()
            subject.onNext(2)
            sent.signal()
        }

        XCTAssertTrue(sender.join(timeout: Self.deadlockTimeout), "the sender waited for the replay")
        XCTAssertTrue(subscriber.join(timeout: Self.deadlockTimeout))
        XCTAssertEqual(received.value, [1, 2])
        subscription.value?.dispose()
        first.dispose()
    }
}
