import RxCore
import RxCoreTesting
import XCTest

final class SchedulerTimerTests: RxTestCase {
    /// Records, in `subscriptions`, when `source` is subscribed and disposed.
    private func recordingSubscriptions<Element>(
        of source: Observable<Element>, on scheduler: TestScheduler, into subscriptions: SubscriptionLog
    ) -> Observable<Element> {
        Observable.create { observer in
            let index = subscriptions.subscribed(at: scheduler.clock)
            let inner = source.subscribe(observer)
            return Disposables.create {
                inner.dispose()
                subscriptions.disposed(index, at: scheduler.clock)
            }
        }
    }

    func testIntervalTicksEveryPeriodFromSubscriptionUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let log = SubscriptionLog()

        let res = scheduler.start(disposed: 245) {
            self.recordingSubscriptions(
                of: Observable<Int>.interval(.seconds(10), scheduler: scheduler), on: scheduler, into: log)
        }

        XCTAssertEqual(res.events, [.next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3)])
        XCTAssertEqual(log.subscriptions, [Subscription(200, 245)])
        XCTAssertEqual(scheduler.clock, 245, "the cancelled tick due at 250 is dropped without moving the clock")
    }

    func testTimerWithoutPeriodSendsZeroThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let log = SubscriptionLog()

        let res = scheduler.start {
            self.recordingSubscriptions(
                of: Observable<UInt8>.timer(.seconds(30), scheduler: scheduler), on: scheduler, into: log)
        }

        XCTAssertEqual(res.events, [.next(230, 0), .completed(230)])
        XCTAssertEqual(log.subscriptions, [Subscription(200, 230)])
    }

    func testTimerWithPeriodStartsAfterTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 300) {
            Observable<Int64>.timer(.seconds(50), period: .seconds(20), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(250, 0), .next(270, 1), .next(290, 2)])
    }

    func testTimerDueNowRunsOneTickLaterOnTheTestScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.timer(.seconds(0), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 0), .completed(201)])
    }

    func testDisposingTheTimerBeforeItFiresSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let log = SubscriptionLog()

        let res = scheduler.start(disposed: 220) {
            self.recordingSubscriptions(
                of: Observable<Int>.timer(.seconds(30), scheduler: scheduler), on: scheduler, into: log)
        }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(log.subscriptions, [Subscription(200, 220)])
    }

    func testIntervalHonoursTheResolution() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        let res = scheduler.start(disposed: 235) { Observable<Int>.interval(.seconds(1), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 0), .next(220, 1), .next(230, 2)])
    }

    func testTheIntervalRecordsItsChainAndReleasesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        var received: [Int] = []
        scheduler.scheduleAt(100) {
            let subscription = Observable<Int>.interval(.seconds(10), scheduler: scheduler).subscribe(onNext: {
                received.append($0)
            })
            XCTAssertEqual(SubscriptionRegistry.live.last?.chain, "interval<Int> → subscribe")
            XCTAssertEqual(Resources.snapshot()["TimerSink"], 1)
            scheduler.scheduleAt(125) { subscription.dispose() }
        }
        scheduler.start()
        XCTAssertEqual(received, [0, 1])
        XCTAssertEqual(Resources.snapshot()["TimerSink"], 0)
    }
}

/// Subscribe and dispose times of a sequence that is not a test observable.
final class SubscriptionLog {
    private(set) var subscriptions: [Subscription] = []

    func subscribed(at time: TestTime) -> Int {
        subscriptions.append(Subscription(time))
        return subscriptions.count - 1
    }

    func disposed(_ index: Int, at time: TestTime) {
        subscriptions[index] = Subscription(subscriptions[index].subscribe, time)
    }
}
