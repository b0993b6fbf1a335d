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
        let line = #line + 2
        let report = LeakCheck.run(settle: .virtualTime(scheduler, upTo: .seconds(60))) { _ in
            subscription = Observable<Int>.interval(.seconds(1), scheduler: scheduler).subscribe()
        }
        subscription?.dispose()
        XCTAssertFalse(report.isClean)
        XCTAssertEqual(report.unsettled.count, 1, report.description)
        XCTAssertEqual(
            report.unsettled.first,
            "work due at virtual time 61 on the virtual-time scheduler TestScheduler, "
                + "for subscription #\(report.liveSubscriptions[0].id) interval<Int> → subscribe at SettleTests.swift:\(line) "
                + "(past the settling bound of 60.0 seconds: dispose the subscription)")
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
            Observable.just(1).observe(on: scheduler).subscribe(onNext: { screen.values.append($0) }).disposed(
                by: screen.disposeBag)
        }
        XCTAssertTrue(report.isClean, report.description)
    }

    func testATimerThatNeverStopsIsReportedAsUnsettled() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "settle-test")
        var subscription: Disposable?
        let line = #line + 2
        let report = LeakCheck.run(settle: .timeout(.milliseconds(200))) { _ in
            subscription = Observable<Int>.interval(.milliseconds(20), scheduler: scheduler).subscribe()
        }
        subscription?.dispose()
        XCTAssertFalse(report.isClean)
        XCTAssertEqual(report.unsettled.count, 1, report.description)
        XCTAssertTrue(
            report.unsettled[0].hasPrefix(
                "a periodic timer every 0.02 s on the dispatch queue \"settle-test\", "
                    + "for subscription #\(report.liveSubscriptions[0].id) interval<Int> → subscribe at SettleTests.swift:\(line)"
            ),
            report.unsettled[0])
        XCTAssertEqual(report.liveSubscriptions.map(\.chain), ["interval<Int> → subscribe"])
        XCTAssertTrue(DispatchSchedulers.waitUntilIdle(timeout: 5))
    }

    func testWorkScheduledByAnElementSentFromOutsideIsNamedWithItsScheduler() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "settle-delay")
        let subject = PublishSubject<Int>()
        var subscription: Disposable?
        let report = LeakCheck.run(settle: .timeout(.milliseconds(100))) { _ in
            subscription = subject.delay(.seconds(30), scheduler: scheduler).subscribe()
            subject.onNext(1)
        }
        subscription?.dispose()
        XCTAssertEqual(
            report.unsettled,
            [
                "work due after 30.0 s on the dispatch queue \"settle-delay\", "
                    + "scheduled by an element sent from outside a subscription (see the live subscriptions)"
            ])
    }

    func testWorkThatScheduledWorkPassesItsSubscriptionOn() {
        let scheduler = TestScheduler(initialClock: 0)
        var subscription: Disposable?
        let line = #line + 3
        let report = LeakCheck.run(settle: .virtualTime(scheduler, upTo: .seconds(5))) { _ in
            subscription = Observable<Int>.interval(.seconds(1), scheduler: scheduler)
                .delay(.seconds(100), scheduler: scheduler).subscribe()
        }
        subscription?.dispose()
        let origin =
            "for subscription #\(report.liveSubscriptions.first?.id ?? 0) interval<Int> → delay → subscribe at SettleTests.swift:\(line)"
        // The interval's next tick, and `delay`'s one timer for the first of the
        // five elements the ticks sent it (it schedules the next when that one is due).
        XCTAssertEqual(report.unsettled.count, 2, report.description)
        XCTAssertTrue(report.unsettled[0].hasPrefix("work due at virtual time 6 "), report.description)
        XCTAssertTrue(report.unsettled[1].hasPrefix("work due at virtual time 101 "), report.description)
        XCTAssertTrue(report.unsettled.allSatisfy { $0.contains(origin) }, report.description)
    }

    /// The scheduler's conformance is found when the check settles: an object without one is reported, not run.
    func testAnObjectThatCannotRunInVirtualTimeIsReportedAsUnsettled() {
        final class NotAScheduler: Sendable {}
        let report = LeakCheck.run(settle: .virtualTime(NotAScheduler())) { _ in }
        XCTAssertEqual(report.unsettled.count, 1, report.description)
        XCTAssertTrue(
            report.unsettled.first?.hasPrefix("NotAScheduler cannot be run in virtual time") ?? false,
            report.description)
        XCTAssertFalse(report.isClean)
    }

    /// A dispatch block the code started, which no library schedules, holds
    /// what it uses until it returns: the verdict waits for the process's
    /// other threads to stop running, so the object is released late, not leaked.
    /// The block runs until the check settles.
    func testAnObjectABackgroundBlockStillUsesIsJudgedOnceTheBlockHasReturned() {
        let running = DispatchSemaphore(value: 0)
        let report = LeakCheck.run { scope in
            let screen = Screen()
            scope.track(screen)
            let gate = SettleGate()
            DispatchQueue.global().async {
                running.signal()
                while !gate.isOpen { withExtendedLifetime(screen) {} }
            }
            running.wait()
        }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.releasedLate, ["Screen"])
    }

    /// A block queued for later holds what it captures while no thread runs
    /// (XCTest queues such blocks when an expectation is fulfilled): an
    /// object found leaked gets a second look, and is released late. The
    /// block is pending on a queue held suspended until the check settles.
    func testAnObjectAQueuedBlockHoldsForAMomentIsReleasedLate() {
        let report = LeakCheck.run { scope in
            let screen = Screen()
            scope.track(screen)
            SettleGate().queue.asyncAfter(deadline: .now()) { withExtendedLifetime(screen) {} }
        }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.releasedLate, ["Screen"])
    }

    /// Work left for a moment to a thread RxCore does not know of (it
    /// disposes the subscription once it is done, when the check settles):
    /// the verdict waits while that thread runs, and finds nothing left.
    func testASubscriptionABackgroundBlockDisposesIsNotLeftWork() {
        let running = DispatchSemaphore(value: 0)
        let report = LeakCheck.run { _ in
            let subscription = Observable<Int>.never().subscribe()
            let gate = SettleGate()
            DispatchQueue.global().async {
                running.signal()
                while !gate.isOpen {}
                subscription.dispose()
            }
            running.wait()
        }
        XCTAssertTrue(report.isClean, report.description)
    }
}
