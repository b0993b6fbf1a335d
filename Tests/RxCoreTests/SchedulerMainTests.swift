import Dispatch
import Foundation
@testable import RxCore
import XCTest

final class SchedulerMainTests: RxTestCase {
    func testInstanceRunsInlineOnTheMainThreadWhenNothingIsQueued() {
        XCTAssertTrue(Thread.isMainThread, "XCTest runs tests on the main thread")
        var log: [String] = []
        _ = MainScheduler.instance.scheduleWork { log.append("ran") }
        log.append("returned")
        XCTAssertEqual(log, ["ran", "returned"])
        XCTAssertEqual(MainScheduler.pendingCount, 0)
    }

    func testWorkScheduledFromInlineWorkIsQueuedUntilDrained() {
        var log: [String] = []
        _ = MainScheduler.instance.scheduleWork {
            log.append("outer begins")
            _ = MainScheduler.instance.scheduleWork { log.append("inner") }
            log.append("outer ends")
        }
        XCTAssertEqual(log, ["outer begins", "outer ends"], "no reentrancy, as in RxSwift")
        XCTAssertEqual(MainScheduler.pendingCount, 1)
        XCTAssertEqual(MainScheduler.queuedCount, 1)
        XCTAssertEqual(Resources.snapshot()["ScheduledItem"], 1, "pending work is a live resource")

        XCTAssertEqual(MainScheduler.drain(), 1)
        XCTAssertEqual(log, ["outer begins", "outer ends", "inner"])
        XCTAssertEqual(MainScheduler.pendingCount, 0)
        XCTAssertEqual(Resources.snapshot()["ScheduledItem"], 0)
    }

    /// RxSwift counts queued work per instance: another instance with nothing queued runs at once
    /// inside the first one's work.
    func testWorkOfAnotherInstanceScheduledFromInlineWorkRunsAtOnce() {
        let other = MainScheduler()
        var log: [String] = []
        _ = MainScheduler.instance.scheduleWork {
            log.append("outer begins")
            _ = other.scheduleWork { log.append("inner") }
            log.append("outer ends")
        }
        XCTAssertEqual(log, ["outer begins", "inner", "outer ends"])
        XCTAssertEqual(MainScheduler.pendingCount, 0)
    }

    func testWorkOfAnotherInstanceScheduledFromDrainedWorkRunsAtOnceAndItsOwnWaits() {
        let other = MainScheduler()
        var log: [String] = []
        _ = MainScheduler.asyncInstance.scheduleWork {
            _ = other.scheduleWork {
                log.append("other")
                _ = other.scheduleWork { log.append("other again") }
            }
            log.append("async")
        }
        XCTAssertEqual(log, [])
        XCTAssertEqual(MainScheduler.drain(), 2)
        XCTAssertEqual(log, ["other", "async", "other again"])
    }

    func testSharingSchedulerMakesAMainSchedulerOfItsOwnForEachCall() {
        let first = SharingScheduler.make(), second = SharingScheduler.make()
        XCTAssertTrue(first is MainScheduler)
        XCTAssertFalse(first as AnyObject === second as AnyObject)
        XCTAssertFalse(first as AnyObject === MainScheduler.instance)
    }

    func testQueuedWorkLeavesOnePumpWaitingForTheMainDispatchQueueAndTheRunLoopRunsItAll() {
        // Nothing services DispatchQueue.main while tests run: one pump waits
        // there however much is queued (a pump per item piled up for good).
        var log: [Int] = []
        for value in 1...3 { _ = MainScheduler.asyncInstance.scheduleWork { log.append(value) } }
        XCTAssertTrue(MainQueue.shared.isPumpPosted)
        // A run loop on the main thread services the main queue: the one pump
        // runs an item and posts itself again while items are left.
        RunLoop.main.run(until: Date().addingTimeInterval(0.2))
        XCTAssertEqual(log, [1, 2, 3])
        XCTAssertFalse(MainQueue.shared.isPumpPosted)
        XCTAssertEqual(MainScheduler.pendingCount, 0)
    }

    func testAsyncInstanceAlwaysQueuesAndDrainRunsWorkQueuedWhileDraining() {
        var log: [Int] = []
        _ = MainScheduler.asyncInstance.scheduleWork {
            log.append(1)
            _ = MainScheduler.asyncInstance.scheduleWork {
                log.append(3)
                _ = MainScheduler.instance.scheduleWork { log.append(4) }
            }
        }
        _ = MainScheduler.asyncInstance.scheduleWork { log.append(2) }
        XCTAssertEqual(log, [])
        XCTAssertEqual(MainScheduler.pendingCount, 2)

        // 4 is `instance`'s, which has nothing queued (asyncInstance's work is not its): it runs at once.
        XCTAssertEqual(MainScheduler.drain(), 3)
        XCTAssertEqual(log, [1, 2, 3, 4])
        XCTAssertEqual(MainScheduler.drain(), 0)
    }

    func testWorkFromAnotherThreadIsQueuedAndRunsOnTheDrainingThread() {
        let ranOnMainThread = Shared<Bool?>(nil)
        let scheduled = expectation(description: "scheduled from a background thread")
        DispatchQueue.global().async {
            _ = MainScheduler.instance.scheduleWork { ranOnMainThread.value = Thread.isMainThread }
            scheduled.fulfill()
        }
        XCTAssertEqual(XCTWaiter.wait(for: [scheduled], timeout: 5), .completed)
        MainScheduler.drain()
        XCTAssertEqual(ranOnMainThread.value, true)
    }

    func testDisposingQueuedWorkCancelsIt() {
        var ran = false
        let work = MainScheduler.asyncInstance.scheduleWork { ran = true }
        XCTAssertEqual(MainScheduler.pendingCount, 1)
        work.dispose()
        XCTAssertEqual(MainScheduler.pendingCount, 0)
        XCTAssertEqual(MainScheduler.drain(), 0, "a cancelled item does not count as run")
        XCTAssertFalse(ran)
    }

    func testTheMainQueuePumpRunsQueuedWorkExactlyOnce() {
        var runs = 0
        let ran = expectation(description: "pumped by the main run loop")
        _ = MainScheduler.asyncInstance.scheduleWork {
            runs += 1
            ran.fulfill()
        }
        // Waiting spins the main run loop, which services DispatchQueue.main.
        wait(for: [ran], timeout: 5)
        XCTAssertEqual(MainScheduler.drain(), 0, "the pump took the item; drain finds nothing")
        XCTAssertEqual(runs, 1)
    }

    func testDelayedMainWorkIsPendingUntilItsTimeThenQueued() {
        var ran = false
        _ = MainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
            ran = true
            return Disposables.create()
        }
        XCTAssertEqual(MainScheduler.pendingCount, 1)
        XCTAssertEqual(MainScheduler.queuedCount, 0, "not due yet")
        XCTAssertTrue(MainScheduler.instance.waitUntilIdle(timeout: 5), "waiting on the main thread drains main work")
        XCTAssertTrue(ran)
    }

    func testCancelledDelayedMainWorkNeverRuns() {
        var ran = false
        let work = MainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(10)) { _ in
            ran = true
            return Disposables.create()
        }
        work.dispose()
        XCTAssertEqual(MainScheduler.pendingCount, 0)
        XCTAssertTrue(DispatchSchedulers.waitUntilIdle(timeout: 1))
        XCTAssertEqual(MainScheduler.drain(), 0)
        XCTAssertFalse(ran)
    }

    func testPeriodicMainWorkTicksOnTheDrainingThreadUntilDisposed() {
        var ticks: [Int] = []
        var periodic: Disposable?
        periodic = MainScheduler.instance.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) {
            count in
            XCTAssertTrue(Thread.isMainThread)
            ticks.append(count)
            if count == 2 { periodic?.dispose() }
            return count + 1
        }
        XCTAssertTrue(MainScheduler.instance.waitUntilIdle(timeout: 5))
        XCTAssertEqual(ticks, [0, 1, 2], "each tick gets the state the previous one returned")
        XCTAssertEqual(Resources.snapshot()["PeriodicTimer"], 0)
    }

    func testConcurrentMainSchedulerRunsAtOnceOnTheMainThread() {
        var log: [String] = []
        _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
            _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                log.append("nested"); return Disposables.create()
            }
            log.append("ran")
            return Disposables.create()
        }
        log.append("returned")
        XCTAssertEqual(log, ["nested", "ran", "returned"], "no queue on the main thread, unlike MainScheduler")
        XCTAssertEqual(MainScheduler.pendingCount, 0)
    }

    func testConcurrentMainSchedulerQueuesWorkFromAnotherThreadForTheMainThread() {
        let ranOnMain = Shared<[Bool]>([])
        let cancelled = Shared<Disposable?>(nil)
        BackgroundThread.run {
            _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                ranOnMain.value.append(Thread.isMainThread)
                return Disposables.create()
            }
            cancelled.value = ConcurrentMainScheduler.instance.schedule(()) { _ in
                ranOnMain.value.append(false)
                return Disposables.create()
            }
        }
        XCTAssertEqual(ranOnMain.value, [], "queued, not run on the scheduling thread")
        XCTAssertEqual(MainScheduler.pendingCount, 2, "counted as main work, which leak checks wait for")

        cancelled.value?.dispose()
        cancelled.value = nil
        MainScheduler.drain()
        XCTAssertEqual(ranOnMain.value, [true], "run on the main thread; the disposed one not at all")
        XCTAssertEqual(MainScheduler.pendingCount, 0)
    }
}
