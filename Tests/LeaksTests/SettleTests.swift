import Leaks
import RxCore
import RxCoreLeaks
import RxCoreTesting
import XCTest

private final class Screen {
    var values: [Int] = []
    let disposeBag = DisposeBag()
}

final class SettleTests: XCTestCase {
    func testWorkQueuedOnTheMainSchedulerIsDrainedAndTheObjectIsReleasedLate() {
        let report = LeakCheck.run { scope in
            let screen = Screen()
            scope.track(screen)
            Observable.just(1)
                .observe(on: MainScheduler.asyncInstance)
                .subscribe(onNext: { screen.values.append($0) })
                .disposed(by: screen.disposeBag)
        }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.releasedLate, ["Screen"])
        XCTAssertEqual(report.counts.afterSettling.trackedObjects, 0)
    }

    func testVirtualTimeIsRunToItsEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let report = LeakCheck.run(settle: .virtualTime(scheduler)) { scope in
            let screen = Screen()
            scope.track(screen)
            Observable<Int>.timer(.seconds(30), scheduler: scheduler)
                .subscribe(onNext: { screen.values.append($0) })
                .disposed(by: screen.disposeBag)
        }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.releasedLate, ["Screen"])
    }

    func testAnEndlessIntervalOnVirtualTimeStopsAtTheBoundAndIsReportedAsUnsettled() {
        let scheduler = TestScheduler(initialClock: 0)
        var subscription: Disposable?
        let report = LeakCheck.run(settle: .virtualTime(scheduler, upTo: .seconds(60))) { _ in
            subscription = Observable<Int>.interval(.seconds(1), scheduler: scheduler).subscribe()
        }
        subscription?.dispose()
        XCTAssertFalse(report.isClean)
        XCTAssertEqual(report.unsettled.count, 1, report.description)
        XCTAssertTrue(report.unsettled[0].contains("virtual-time scheduler past the settling bound"), report.unsettled[0])
        XCTAssertEqual(report.liveSubscriptions.map(\.chain), ["interval<Int> → subscribe"])
        XCTAssertEqual(scheduler.clock, 60)
    }

    func testAnEarlierChecksEndlessTimerIsNotBlamedOnALaterCheck() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "earlier-check")
        var subscription: Disposable?
        let leaking = LeakCheck.run(settle: .timeout(.milliseconds(100))) { _ in
            subscription = Observable<Int>.interval(.milliseconds(20), scheduler: scheduler).subscribe()
        }
        defer { subscription?.dispose() }
        XCTAssertEqual(leaking.unsettled.count, 1, leaking.description)
        XCTAssertGreaterThan(DispatchSchedulers.pendingCount, 0, "the earlier check's timer is still running")
        let report = LeakCheck.run { scope in
            let screen = Screen()
            scope.track(screen)
            Observable.just(1).observe(on: scheduler).subscribe(onNext: { screen.values.append($0) }).disposed(by: screen.disposeBag)
        }
        XCTAssertTrue(report.isClean, report.description)
    }

    func testATimerThatNeverStopsIsReportedAsUnsettled() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "settle-test")
        var subscription: Disposable?
        let report = LeakCheck.run(settle: .timeout(.milliseconds(200))) { _ in
            subscription = Observable<Int>.interval(.milliseconds(20), scheduler: scheduler).subscribe()
        }
        subscription?.dispose()
        XCTAssertFalse(report.isClean)
        XCTAssertEqual(report.unsettled.count, 1, report.description)
        XCTAssertTrue(report.unsettled[0].contains("dispatch schedulers"), report.unsettled[0])
        XCTAssertEqual(report.liveSubscriptions.map(\.chain), ["interval<Int> → subscribe"])
        XCTAssertTrue(DispatchSchedulers.waitUntilIdle(timeout: 5))
    }
}
