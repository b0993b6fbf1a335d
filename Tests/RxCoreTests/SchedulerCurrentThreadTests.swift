import RxCore
import XCTest

final class SchedulerCurrentThreadTests: RxTestCase {
    func testWorkScheduledFromWorkIsQueuedUntilThatWorkReturns() {
        var log: [String] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            log.append("outer begins")
            XCTAssertFalse(CurrentThreadScheduler.isScheduleRequired)
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("inner")
                return Disposables.create()
            }
            log.append("outer ends")
            return Disposables.create()
        }
        XCTAssertEqual(log, ["outer begins", "outer ends", "inner"])
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
    }

    func testQueuedWorkRunsInTheScopeThatQueuedIt() {
        let scope = ResourceScope(name: "trampoline")
        var seen: String?
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            scope.run {
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    seen = ResourceScope.current?.name
                    return Disposables.create()
                }
            }
            XCTAssertNil(seen, "queued until the outer work returns, outside the scope's run")
            return Disposables.create()
        }
        XCTAssertEqual(seen, "trampoline")
    }

    func testDisposingQueuedWorkCancelsIt() {
        var ran = false
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            CurrentThreadScheduler.instance.schedule(()) { _ in
                ran = true
                return Disposables.create()
            }.dispose()
            return Disposables.create()
        }
        XCTAssertFalse(ran)
    }
}
