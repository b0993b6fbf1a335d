import Foundation
import RxCore
import XCTest

final class ResourcesTests: RxTestCase {
    func testCountingByHandMovesTheTotalAndReturnsItsValueBefore() {
        let start = Resources.total

        XCTAssertEqual(Resources.incrementTotal(), start)
        XCTAssertEqual(Resources.total, start + 1)
        XCTAssertEqual(Resources.decrementTotal(), start + 1)
        XCTAssertEqual(Resources.total, start)
    }

    /// The handle `subscribe` returns and the observer behind it are counted
    /// without tokens of their own, in the subscription's scope.
    func testASubscriptionsHandleAndObserverAreCountedInItsScope() {
        let subject = PublishSubject<Int>()
        let scope = ResourceScope(name: "subscription")
        let subscription = scope.run { subject.subscribe(onNext: { _ in }) }
        XCTAssertEqual(scope.liveResources, 2, "the handle and its observer")

        subscription.dispose()
        XCTAssertEqual(scope.liveResources, 1, "the subject let go of the observer; the handle is still held")
        withExtendedLifetime(subscription) {}
    }

    func testObserveOnASerialDispatchQueueIsCountedApart() {
        // The count is process-wide and other tests' chains may still be
        // alive (their work finishing on a queue), so compare with before.
        let before = Resources.numberOfSerialDispatchQueueObservables
        let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "ResourcesTests")
        var onSerialQueue: Observable<Int>? = Observable.just(1).observe(on: serial)
        var onCurrentThread: Observable<Int>? = Observable.just(1).observe(on: CurrentThreadScheduler.instance)

        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, before + 1)
        XCTAssertNotNil(onSerialQueue)
        onSerialQueue = nil
        XCTAssertEqual(Resources.numberOfSerialDispatchQueueObservables, before)
        XCTAssertNotNil(onCurrentThread)
        onCurrentThread = nil
    }
}

/// Resources are counted per thread (a plain store, no atomic add); these
/// check that counts stay right across threads, and after a thread exits.
final class PerThreadResourceCountTests: RxTestCase {
    func testAResourceFreedOnAnotherThreadIsCountedGone() {
        let start = Resources.total
        let observable = Shared<Observable<Int>?>(Observable.just(1))
        XCTAssertEqual(Resources.total, start + 1)

        BackgroundThread.run { observable.value = nil }

        XCTAssertEqual(Resources.total, start)
    }

    func testAResourceMadeOnAThreadThatExitedStaysCountedUntilFreed() {
        let start = Resources.total
        let observable = Shared<Observable<Int>?>(nil)

        // Joined, so the thread has exited and its counts were folded into
        // the process-wide ones (thread-exit destructors run before a join returns).
        runOnJoinedThread { observable.value = Observable.just(1) }

        XCTAssertEqual(Resources.total, start + 1)
        XCTAssertGreaterThan(Resources.snapshot().counts["Just"] ?? 0, 0)
        observable.value = nil
        XCTAssertEqual(Resources.total, start)
    }

    func testCountsOfManyThreadsAddUp() {
        let start = Resources.total
        let subjects = (0..<8).map { _ in Shared<[PublishSubject<Int>]>([]) }
        let threads = subjects.map { kept in
            BackgroundThread { kept.value = (0..<100).map { _ in PublishSubject<Int>() } }
        }
        threads.forEach { $0.join() }

        XCTAssertEqual(Resources.total, start + 800)
        subjects.forEach { $0.value = [] }
        XCTAssertEqual(Resources.total, start)
    }

    /// Runs `body` on a new POSIX thread and joins it.
    private func runOnJoinedThread(_ body: @escaping () -> Void) {
        final class Box { let body: () -> Void; init(_ body: @escaping () -> Void) { self.body = body } }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
                box.body()
                return nil
            }, context)
        XCTAssertEqual(created, 0)
        XCTAssertEqual(pthread_join(thread, nil), 0)
    }
}
