import RxCore
import RxCoreTesting
import XCTest

final class SchedulerVirtualTimeTests: RxTestCase {
    func testItemsRunByTimeThenInSchedulingOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        scheduler.scheduleAt(20) { log.append("b@\(scheduler.clock)") }
        scheduler.scheduleAt(10) { log.append("a@\(scheduler.clock)") }
        scheduler.scheduleAt(20) { log.append("c@\(scheduler.clock)") }
        scheduler.scheduleAt(15) {
            scheduler.scheduleAt(20) { log.append("d@\(scheduler.clock)") }
            scheduler.scheduleAt(5) { log.append("past@\(scheduler.clock)") }
        }
        scheduler.start()
        XCTAssertEqual(log, ["a@10", "past@15", "b@20", "c@20", "d@20"])
    }

    func testScheduleNowRunsOneTickLaterWithSimulatedProcessingDelay() {
        for (delay, expected) in [(true, 101), (false, 100)] {
            let scheduler = TestScheduler(initialClock: 100, simulateProcessingDelay: delay)
            var ranAt: TestTime?
            _ = scheduler.schedule(()) { _ in
                ranAt = scheduler.clock
                return Disposables.create()
            }
            scheduler.start()
            XCTAssertEqual(ranAt, expected)
        }
    }

    func testScheduleRelativeConvertsSecondsWithTheResolution() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.5)
        var ranAt: TestTime?
        scheduler.scheduleAt(100) {
            _ = scheduler.scheduleRelative((), dueTime: .seconds(3)) { _ in
                ranAt = scheduler.clock
                return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(ranAt, 106)
        XCTAssertEqual(scheduler.now, Date(timeIntervalSince1970: 53))
    }

    func testAdvanceToRunsDueItemsAndSetsTheClock() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [TestTime] = []
        for time in [10, 20, 30] { scheduler.scheduleAt(time) { log.append(scheduler.clock) } }

        scheduler.advanceTo(20)
        XCTAssertEqual(log, [10, 20])
        XCTAssertEqual(scheduler.clock, 20)

        scheduler.advanceTo(25)
        XCTAssertEqual(scheduler.clock, 25)
        scheduler.start()
        XCTAssertEqual(log, [10, 20, 30])
    }

    func testSleepMovesTheClockWithoutRunningWork() {
        let scheduler = TestScheduler(initialClock: 0)
        var ran = false
        scheduler.scheduleAt(10) { ran = true }
        scheduler.sleep(50)
        XCTAssertEqual(scheduler.clock, 50)
        XCTAssertFalse(ran)
        scheduler.start()
        XCTAssertTrue(ran)
        XCTAssertEqual(scheduler.clock, 50, "late work does not move the clock back")
    }

    func testStopEndsTheRunAfterTheCurrentItem() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [TestTime] = []
        scheduler.scheduleAt(10) {
            log.append(10); scheduler.stop()
        }
        scheduler.scheduleAt(20) { log.append(20) }
        scheduler.start()
        XCTAssertEqual(log, [10])
        scheduler.start()
        XCTAssertEqual(log, [10, 20])
    }

    func testDisposingScheduledWorkCancelsItAndReleasesWhatItCaptured() {
        let scheduler = TestScheduler(initialClock: 0)
        var subject: PublishSubject<Int>? = PublishSubject()
        weak let weakSubject = subject
        var ran = false
        let work = scheduler.scheduleAbsoluteVirtual(subject!, time: 10) { subject in
            ran = true
            return Disposables.create()
        }
        subject = nil
        XCTAssertNotNil(weakSubject, "pending work holds its state")
        work.dispose()
        XCTAssertNil(weakSubject, "cancelled work lets go of it at once")
        scheduler.start()
        XCTAssertFalse(ran)
    }

    func testDisposingRunWorkDisposesWhatItReturned() {
        let scheduler = TestScheduler(initialClock: 0)
        let returned = BooleanDisposable()
        let work = scheduler.scheduleRelativeVirtual((), dueTime: 5) { _ in returned }
        XCTAssertEqual(Resources.snapshot()["VirtualTimeItem"], 1)
        scheduler.start()
        XCTAssertEqual(
            Resources.snapshot()["VirtualTimeItem"], 0, "run work is no longer pending, though its disposable is held")
        XCTAssertFalse(returned.isDisposed)
        work.dispose()
        XCTAssertTrue(returned.isDisposed)
    }

    func testRecursiveSchedulingRunsEachStepAtItsDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        scheduler.scheduleAt(100) {
            _ = scheduler.scheduleRecursive(0, dueTime: .seconds(10)) { count, recurse in
                log.append("\(count)@\(scheduler.clock)")
                if count < 2 { recurse.schedule(count + 1, dueTime: .seconds(5)) }
            }
        }
        scheduler.start()
        XCTAssertEqual(log, ["0@110", "1@115", "2@120"])
    }

    func testDisposingRecursiveSchedulingStopsThePendingStep() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [TestTime] = []
        var recursion: Disposable?
        scheduler.scheduleAt(100) {
            recursion = scheduler.scheduleRecursive((), dueTime: .seconds(10)) { _, recurse in
                log.append(scheduler.clock)
                recurse.schedule((), dueTime: .seconds(10))
            }
        }
        scheduler.scheduleAt(125) { recursion?.dispose() }
        scheduler.start()
        XCTAssertEqual(log, [110, 120])
        XCTAssertEqual(scheduler.clock, 125)
    }

    func testImmediateRecursiveSchedulingOnTheCurrentThreadRunsInOrder() {
        var log: [Int] = []
        let recursion = CurrentThreadScheduler.instance.scheduleRecursive(0) { value, recurse in
            log.append(value)
            if value < 3 { recurse(value + 1) }
        }
        recursion.dispose()
        XCTAssertEqual(log, [0, 1, 2, 3])
    }

    func testPeriodicWorkTicksEveryPeriodUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        var ticks: [String] = []
        var periodic: Disposable?
        scheduler.scheduleAt(200) {
            periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(10), period: .seconds(20)) { count in
                ticks.append("\(count)@\(scheduler.clock)")
                return count + 1
            }
        }
        scheduler.scheduleAt(255) { periodic?.dispose() }
        scheduler.start()
        XCTAssertEqual(ticks, ["0@210", "1@230", "2@250"])
    }

    func testScheduledWorkRunsInTheScopeThatScheduledIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let scope = ResourceScope(name: "virtual")
        var made: PublishSubject<Int>?
        scope.run {
            scheduler.scheduleAt(10) { made = PublishSubject() }
        }
        XCTAssertEqual(scope.liveResources, 1, "the pending item itself belongs to the scope")
        scheduler.start()
        XCTAssertNotNil(made)
        XCTAssertEqual(scope.liveResources, 1, "the item is gone, the subject it made is attributed to the scope")
        made = nil
        XCTAssertEqual(scope.liveResources, 0)
    }
}
