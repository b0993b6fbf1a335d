import Dispatch
import Foundation
import RxCore
import Synchronization
import XCTest

final class SchedulerDispatchTests: RxTestCase {
    func testSerialSchedulerRunsItemsInOrderOffTheCallingThread() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.serial")
        let log = Mutex<[Int]>([])
        let done = expectation(description: "all items ran")
        done.expectedFulfillmentCount = 100
        for index in 0..<100 {
            _ = scheduler.scheduleWork {
                XCTAssertFalse(Thread.isMainThread)
                log.withLock { $0.append(index) }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.withLock { $0 }, Array(0..<100))
        XCTAssertTrue(scheduler.waitUntilIdle(timeout: 5))
    }

    func testPendingWorkIsCountedAndWaitedFor() {
        let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
        let gate = DispatchSemaphore(value: 0)
        let started = expectation(description: "the first item started")
        _ = scheduler.scheduleWork {
            started.fulfill()
            gate.wait()
        }
        _ = scheduler.scheduleWork {}
        wait(for: [started], timeout: 5)

        XCTAssertEqual(scheduler.pendingCount, 2, "an item is pending until it has finished running")
        XCTAssertEqual(DispatchSchedulers.pendingCount, 2)
        XCTAssertEqual(Resources.snapshot()["ScheduledItem"], 2)
        XCTAssertFalse(scheduler.waitUntilIdle(timeout: 0.02))

        gate.signal()
        XCTAssertTrue(scheduler.waitUntilIdle(timeout: 5))
        XCTAssertEqual(DispatchSchedulers.pendingCount, 0)
        XCTAssertEqual(Resources.snapshot()["ScheduledItem"], 0)
    }

    func testWorkScheduledByRunningWorkKeepsTheSchedulerBusy() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.chain")
        let depth = Mutex(0)
        func step() {
            _ = scheduler.scheduleWork {
                let reached = depth.withLock { depth -> Int in
                    depth += 1
                    return depth
                }
                if reached < 20 { step() }
            }
        }
        step()
        XCTAssertTrue(scheduler.waitUntilIdle(timeout: 5))
        XCTAssertEqual(depth.withLock { $0 }, 20, "idle only after the whole chain ran")
    }

    func testDisposingWorkThatRanDisposesWhatItReturned() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.result")
        let returned = BooleanDisposable()
        let work = scheduler.schedule(()) { _ in returned }
        XCTAssertTrue(scheduler.waitUntilIdle(timeout: 5))

        XCTAssertFalse(returned.isDisposed)
        work.dispose()
        XCTAssertTrue(returned.isDisposed)
    }

    func testWorkDisposedWhileRunningDisposesWhatItReturnsOnArrival() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.running")
        let returned = BooleanDisposable()
        let started = DispatchSemaphore(value: 0), proceed = DispatchSemaphore(value: 0)
        let work = scheduler.schedule(()) { _ in
            started.signal()
            proceed.wait()
            return returned
        }
        started.wait()
        work.dispose()
        proceed.signal()

        XCTAssertTrue(scheduler.waitUntilIdle(timeout: 5))
        XCTAssertTrue(returned.isDisposed, "the result of work disposed while it ran is disposed as it arrives")
    }

    func testAScopeListsItsPendingWorkInTheOrderItWasScheduled() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.records")
        let scope = ResourceScope(name: "records")
        let delays = [30, 10, 20] + Array(40..<1_040)
        let work = scope.run {
            delays.map { seconds in
                scheduler.scheduleRelative((), dueTime: .seconds(seconds)) { _ in Disposables.create() }
            }
        }

        XCTAssertEqual(scope.pendingWork, delays.count)
        XCTAssertEqual(scope.pendingWorkRecords.map(\.work), delays.map { "work due after \(Double($0)) s" })
        work[1].dispose()
        XCTAssertEqual(
            scope.pendingWorkRecords.prefix(2).map(\.work), ["work due after 30.0 s", "work due after 20.0 s"])
        work.forEach { $0.dispose() }
        XCTAssertEqual(scope.pendingWork, 0)
        XCTAssertEqual(scope.pendingWorkRecords.count, 0)
    }

    func testRelativeWorkRunsAfterItsDueTime() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.relative")
        let start = DispatchTime.now()
        let ran = expectation(description: "delayed work ran")
        let elapsed = Mutex<UInt64>(0)
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(30)) { _ in
            elapsed.withLock { $0 = DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds }
            ran.fulfill()
            return Disposables.create()
        }
        XCTAssertEqual(scheduler.pendingCount, 1)
        wait(for: [ran], timeout: 5)
        XCTAssertGreaterThanOrEqual(elapsed.withLock { $0 }, 30_000_000)
        XCTAssertTrue(scheduler.waitUntilIdle(timeout: 5))
    }

    func testDisposingDelayedWorkCancelsItAndEndsItsPendingLife() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let ran = Atomic(false)
        let work = scheduler.scheduleRelative((), dueTime: .seconds(3600)) { _ in
            ran.store(true, ordering: .relaxed)
            return Disposables.create()
        }
        XCTAssertEqual(scheduler.pendingCount, 1)
        work.dispose()
        XCTAssertEqual(scheduler.pendingCount, 0)
        XCTAssertEqual(Resources.snapshot()["ScheduledItem"], 0)
        XCTAssertFalse(ran.load(ordering: .relaxed))
    }

    func testConcurrentSchedulerRunsItemsAtTheSameTime() {
        let scheduler = ConcurrentDispatchQueueScheduler(
            queue: DispatchQueue(label: "test.concurrent", attributes: .concurrent))
        let first = DispatchSemaphore(value: 0), second = DispatchSemaphore(value: 0)
        let met = expectation(description: "each item saw the other running")
        met.expectedFulfillmentCount = 2
        _ = scheduler.scheduleWork {
            first.signal()
            if second.wait(timeout: .now() + 5) == .success { met.fulfill() }
        }
        _ = scheduler.scheduleWork {
            second.signal()
            if first.wait(timeout: .now() + 5) == .success { met.fulfill() }
        }
        wait(for: [met], timeout: 10)
        XCTAssertTrue(scheduler.waitUntilIdle(timeout: 5))
    }

    func testPeriodicWorkPassesStateAndStopsWhenDisposed() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.periodic")
        let ticks = Mutex<[Int]>([])
        let three = expectation(description: "three ticks")
        var periodic: Disposable?
        periodic = scheduler.schedulePeriodic(10, startAfter: .milliseconds(1), period: .milliseconds(1)) { value in
            let count = ticks.withLock { ticks -> Int in
                ticks.append(value)
                return ticks.count
            }
            if count == 3 {
                periodic?.dispose()
                three.fulfill()
            }
            return value + 1
        }
        XCTAssertEqual(scheduler.pendingCount, 1, "an active periodic timer counts as one pending item")
        wait(for: [three], timeout: 5)
        XCTAssertTrue(scheduler.waitUntilIdle(timeout: 5))
        XCTAssertEqual(ticks.withLock { $0 }, [10, 11, 12])
        XCTAssertEqual(Resources.snapshot()["PeriodicTimer"], 0)
    }

    func testScheduledWorkRunsInTheScopeThatScheduledIt() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.scope")
        let scope = ResourceScope(name: "dispatch")
        let made = Mutex<PublishSubject<Int>?>(nil)
        let seenScope = Mutex<String?>(nil)
        let ran = expectation(description: "scheduled work ran")
        scope.run {
            _ = scheduler.scheduleWork {
                seenScope.withLock { $0 = ResourceScope.current?.name }
                made.withLock { $0 = PublishSubject() }
                ran.fulfill()
            }
        }
        wait(for: [ran], timeout: 5)
        XCTAssertTrue(scheduler.waitUntilIdle(timeout: 5))
        XCTAssertEqual(seenScope.withLock { $0 }, "dispatch")
        XCTAssertEqual(scope.liveResources, 1, "the subject made on the queue is attributed to the scope")
        made.withLock { $0 = nil }
        XCTAssertEqual(scope.liveResources, 0)
    }

    func testIntervalOnADispatchSchedulerDeliversOffTheMainThread() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.interval")
        let values = Mutex<[Int]>([])
        let three = expectation(description: "three values")
        let subscription = Observable<Int>.interval(.milliseconds(2), scheduler: scheduler).subscribe(onNext: { value in
            XCTAssertFalse(Thread.isMainThread)
            if values.withLock({
                $0.append(value); return $0.count
            }) == 3 {
                three.fulfill()
            }
        })
        wait(for: [three], timeout: 5)
        subscription.dispose()
        // A tick may still be finishing on the queue; an item queued behind it
        // runs once it has, and then the sink is gone.
        _ = scheduler.scheduleWork {}
        XCTAssertTrue(scheduler.waitUntilIdle(timeout: 5))
        XCTAssertEqual(Array(values.withLock { $0 }.prefix(3)), [0, 1, 2])
    }
}

extension ImmediateSchedulerType {
    /// Schedules `body`, which returns nothing to dispose.
    func scheduleWork(_ body: @escaping () -> Void) -> Disposable {
        schedule(()) { _ in
            body()
            return Disposables.create()
        }
    }
}
