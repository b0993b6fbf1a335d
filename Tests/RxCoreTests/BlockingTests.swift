import Dispatch
import Foundation
import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error {}

final class BlockingTests: RxTestCase {
    /// Sends the events of `mainObserved`; tests end once it is idle and the
    /// main work it queued has run, so nothing it captured outlives the test
    /// (a blocking call may return before the sequence has sent everything).
    private let background = SerialDispatchQueueScheduler(internalSerialQueueName: "test.blocking")

    override func tearDown() {
        XCTAssertTrue(background.waitUntilIdle(timeout: 5))
        MainScheduler.drain()
        super.tearDown()
    }

    /// Sends `values` and completes from a background thread, each event
    /// observed on the main scheduler, as `observe(on: MainScheduler.instance)` would.
    private func mainObserved(_ values: [Int], error: Error? = nil) -> Observable<Int> {
        Observable.create { observer in
            self.background.schedule(()) { _ in
                for value in values {
                    _ = MainScheduler.instance.schedule(value) { value in
                        observer.onNext(value)
                        return Disposables.create()
                    }
                }
                _ = MainScheduler.instance.schedule(()) { _ in
                    if let error { observer.onError(error) } else { observer.onCompleted() }
                    return Disposables.create()
                }
                return Disposables.create()
            }
        }
    }

    func testToArrayCollectsAllElements() throws {
        let subject = PublishSubject<Int>()
        _ = background.scheduleRelative(subject, dueTime: .milliseconds(5)) { subject in
            subject.onNext(1)
            subject.onNext(2)
            subject.onCompleted()
            return Disposables.create()
        }
        XCTAssertEqual(try subject.toBlocking(timeout: 5).toArray(), [1, 2])
    }

    func testFirstTakesTheFirstElementAndDisposesTheSubscription() throws {
        var disposed = false
        let source = Observable<Int>.create { observer in
            observer.onNext(7)
            observer.onNext(8)
            return Disposables.create { disposed = true }
        }
        XCTAssertEqual(try source.toBlocking().first(), 7)
        XCTAssertTrue(disposed)
        XCTAssertNil(try PublishSubject<Int>().completedAtOnce().toBlocking().first())
    }

    func testLastWaitsForCompletion() throws {
        XCTAssertEqual(try mainObserved([1, 2, 3]).toBlocking(timeout: 5).last(), 3)
        XCTAssertNil(try mainObserved([]).toBlocking(timeout: 5).last())
    }

    func testSingleThrowsForNoneOrMoreThanOneElement() throws {
        XCTAssertEqual(try Observable.just(5).toBlocking().single(), 5)
        XCTAssertThrowsError(try mainObserved([]).toBlocking(timeout: 5).single()) { error in
            guard case RxError.noElements = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try mainObserved([1, 2, 3]).toBlocking(timeout: 5).single()) { error in
            guard case RxError.moreThanOneElement = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try mainObserved([1, 2, 3]).toBlocking(timeout: 5).single { $0 == 2 }, 2)
    }

    func testErrorsAreThrownAndMaterialized() {
        XCTAssertThrowsError(try mainObserved([1], error: TestError()).toBlocking(timeout: 5).toArray()) { error in
            XCTAssertTrue(error is TestError)
        }
        guard
            case .failed(let elements, let error) = mainObserved([1, 2], error: TestError()).toBlocking(timeout: 5)
                .materialize()
        else {
            return XCTFail("expected a failure")
        }
        XCTAssertEqual(elements, [1, 2])
        XCTAssertTrue(error is TestError)

        guard case .completed(let all) = mainObserved([4]).toBlocking(timeout: 5).materialize() else {
            return XCTFail("expected completion")
        }
        XCTAssertEqual(all, [4])
    }

    func testAPredicateThatThrowsEndsTheWaitWithItsError() {
        XCTAssertThrowsError(try mainObserved([1, 2]).toBlocking(timeout: 5).single { _ in throw TestError() }) {
            error in
            XCTAssertTrue(error is TestError)
        }
    }

    func testTimeoutThrowsAndDisposesTheSubscription() {
        let subject = PublishSubject<Int>()
        let start = Date()
        XCTAssertThrowsError(try subject.toBlocking(timeout: 0.05).toArray()) { error in
            guard case RxError.timeout = error else { return XCTFail("\(error)") }
        }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.05)
        XCTAssertFalse(subject.hasObservers)

        guard
            case .failed(let elements, RxError.timeout) = subject.startWithOne().toBlocking(timeout: 0.05).materialize()
        else {
            return XCTFail("expected a timeout")
        }
        XCTAssertEqual(elements, [1])
    }

    func testBlockingOnTheMainThreadDrainsMainWork() throws {
        XCTAssertTrue(Thread.isMainThread)
        XCTAssertEqual(try mainObserved(Array(0..<50)).toBlocking(timeout: 5).toArray(), Array(0..<50))
        XCTAssertEqual(MainScheduler.pendingCount, 0)
    }

    func testBlockingOffTheMainThreadTakesOverMainWorkTheMainThreadDoesNotService() {
        let result = DispatchSemaphore(value: 0)
        let values = Shared<[Int]?>(nil)
        DispatchQueue.global().async {
            values.value = try? self.mainObserved([1, 2]).toBlocking(timeout: 5).toArray()
            result.signal()
        }
        // The main thread is blocked, not draining: the waiter must take over.
        XCTAssertEqual(result.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(values.value, [1, 2])
    }

    func testBlockingOffTheMainThreadLeavesMainWorkToAServicingMainThread() {
        let done = expectation(description: "the background wait finished")
        let ranOnMainThread = Shared<[Bool]>([])
        DispatchQueue.global().async {
            do {
                let source = Observable<Int>.create { observer in
                    _ = MainScheduler.instance.schedule(()) { _ in
                        ranOnMainThread.value.append(Thread.isMainThread)
                        observer.onNext(1)
                        observer.onCompleted()
                        return Disposables.create()
                    }
                    return Disposables.create()
                }
                XCTAssertEqual(try? source.toBlocking(timeout: 5).toArray(), [1])
            }
            // After the scope, so the test ends with the sequence gone.
            done.fulfill()
        }
        // Waiting spins the main run loop, whose pump runs the item well
        // within the handover delay.
        wait(for: [done], timeout: 10)
        XCTAssertEqual(ranOnMainThread.value, [true])
    }
}

private extension ObservableType {
    func completedAtOnce() -> Observable<Element> {
        Observable.create { observer in
            observer.onCompleted()
            return Disposables.create()
        }
    }

    func startWithOne() -> Observable<Int> {
        Observable.create { observer in
            observer.onNext(1)
            return Disposables.create()
        }
    }
}
