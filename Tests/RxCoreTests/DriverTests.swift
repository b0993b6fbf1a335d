import Foundation
import RxCore
import RxCoreTesting
import XCTest

private enum DriverTestError: Error { case boom }

final class DriverTests: RxTestCase {
    override func setUp() {
        super.setUp()
        Resources.clearDiagnostics()
    }

    /// Subscribes `observer` to `sequence` at `subscribed` and disposes at `disposed`.
    private func schedule<Element>(
        _ scheduler: TestScheduler, _ observer: TestableObserver<Element>,
        to sequence: @escaping () -> Disposable, at subscribed: TestTime, until disposed: TestTime
    ) {
        var subscription: Disposable?
        scheduler.scheduleAt(subscribed) { subscription = sequence() }
        scheduler.scheduleAt(disposed) { subscription?.dispose() }
    }

    func testADriverSharesOneSubscriptionAndReplaysTheLatestElementToALateSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(310, 3), .completed(400)])
        let driver = mocked(scheduler) { xs.asDriver(onErrorJustReturn: -1) }
        let first = scheduler.createObserver(Int.self), second = scheduler.createObserver(Int.self)
        schedule(scheduler, first, to: { driver.drive(first) }, at: 200, until: 1000)
        schedule(scheduler, second, to: { driver.drive(second) }, at: 300, until: 1000)
        scheduler.start()
        XCTAssertEqual(first.events, [.next(211, 1), .next(221, 2), .next(311, 3), .completed(401)])
        XCTAssertEqual(second.events, [.next(300, 2), .next(311, 3), .completed(401)])
        XCTAssertEqual(
            xs.subscriptions, [Subscription(200, 400)],
            "as in RxSwift, a test observable's asObservable() releases its subscription as the completion passes")
    }

    func testWhenEveryoneLeavesTheReplayIsDroppedAndTheSourceResubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(320, 2)])
        let driver = mocked(scheduler) { xs.asDriver(onErrorJustReturn: -1) }
        let first = scheduler.createObserver(Int.self), second = scheduler.createObserver(Int.self)
        schedule(scheduler, first, to: { driver.drive(first) }, at: 200, until: 250)
        schedule(scheduler, second, to: { driver.drive(second) }, at: 300, until: 400)
        scheduler.start()
        XCTAssertEqual(first.events, [.next(211, 1)])
        XCTAssertEqual(second.events, [.next(321, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(300, 400)])
    }

    /// Subscribes, at 200, to the three sequences `make` builds from a source that fails at 230 and a
    /// fallback; returns what each received and the fallback's subscriptions.
    private func fallbackEvents<Strategy: SharingStrategyProtocol>(
        _ make: (TestableObservable<Int>, TestableObservable<Int>) -> [SharedSequence<Strategy, Int>]
    ) -> (events: [[Recorded<Event<Int>>]], fallbackSubscriptions: [Subscription]) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, DriverTestError.boom)])
        let fallback = scheduler.createColdObservable([.next(10, 100), .completed(20)])
        let observers = (0..<3).map { _ in scheduler.createObserver(Int.self) }
        SharingScheduler.mock(scheduler: scheduler) {
            for (sequence, observer) in zip(make(xs, fallback), observers) {
                schedule(scheduler, observer, to: { sequence.asObservable().subscribe(observer) }, at: 200, until: 1000)
            }
            scheduler.start()
        }
        return (observers.map(\.events), fallback.subscriptions)
    }

    private let expectedFallbackEvents: [[Recorded<Event<Int>>]] = [
        [.next(211, 1), .next(231, -1), .completed(231)],
        [.next(211, 1), .next(242, 100), .completed(252)],
        [.next(211, 1), .next(232, -3), .completed(232)],
    ]

    func testErrorsBecomeTheFallback() {
        let received = fallbackEvents { xs, fallback in
            [
                xs.asDriver(onErrorJustReturn: -1),
                xs.asDriver(onErrorDriveWith: fallback.asDriver(onErrorJustReturn: -2)),
                xs.asDriver(onErrorRecover: { error in Driver.just(error is DriverTestError ? -3 : 0) }),
            ]
        }
        XCTAssertEqual(received.events, expectedFallbackEvents)
        XCTAssertEqual(received.fallbackSubscriptions, [Subscription(231, 251)])
    }

    func testAsSharedSequenceMakesASequenceOfTheNamedStrategyWithTheSameFallbacks() {
        let received = fallbackEvents { xs, fallback in
            [
                xs.asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorJustReturn: -1),
                xs.asSharedSequence(onErrorDriveWith: fallback.asSignal(onErrorJustReturn: -2)),
                xs.asSharedSequence(onErrorRecover: { error in Signal.just(error is DriverTestError ? -3 : 0) }),
            ]
        }
        XCTAssertEqual(received.events, expectedFallbackEvents)
        XCTAssertEqual(received.fallbackSubscriptions, [Subscription(231, 251)])
    }

    func testDebugOnADriverPassesEveryEventAndStaysShared() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(310, 3), .completed(400)])
        let driver = mocked(scheduler) { xs.asDriver(onErrorJustReturn: -1).debug("driver") }
        let first = scheduler.createObserver(Int.self), second = scheduler.createObserver(Int.self)
        schedule(scheduler, first, to: { driver.drive(first) }, at: 200, until: 1000)
        schedule(scheduler, second, to: { driver.drive(second) }, at: 300, until: 1000)
        scheduler.start()
        XCTAssertEqual(first.events, [.next(211, 1), .next(311, 3), .completed(401)])
        XCTAssertEqual(second.events, [.next(300, 1), .next(311, 3), .completed(401)], "the latest element replayed")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)], "one subscription for both")
    }

    func testADriverDeliversOnTheMainThread() {
        let subject = PublishSubject<Int>()
        let driver = subject.asDriver(onErrorJustReturn: 0)
        var received: [(Int, Bool)] = []
        let bag = DisposeBag()
        driver.drive(onNext: { received.append(($0, Thread.isMainThread)) }).disposed(by: bag)
        subject.onNext(1)
        XCTAssertEqual(received.map(\.0), [1], "on the main thread with nothing queued, delivery is immediate")
        // Not an expectation: waiting for one would run the main run loop,
        // which services the main queue.
        BackgroundThread.run { subject.onNext(2) }
        XCTAssertEqual(received.map(\.0), [1], "an element sent from another thread waits for the main thread")
        MainScheduler.drain()
        XCTAssertEqual(received.map(\.0), [1, 2])
        XCTAssertTrue(received.allSatisfy(\.1))
    }

    func testASignalSharesButDoesNotReplay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(310, 2)])
        let signal = mocked(scheduler) { xs.asSignal(onErrorJustReturn: -1) }
        let first = scheduler.createObserver(Int.self), second = scheduler.createObserver(Int.self)
        schedule(scheduler, first, to: { signal.emit(to: first) }, at: 200, until: 1000)
        schedule(scheduler, second, to: { signal.emit(to: second) }, at: 300, until: 1000)
        scheduler.start()
        XCTAssertEqual(first.events, [.next(211, 1), .next(311, 2)])
        XCTAssertEqual(second.events, [.next(311, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testTheRegistryRecordsDriveAndEmitWithSiteChainAndOwner() {
        let subject = PublishSubject<Int>()
        let relay = BehaviorRelay(value: 0)
        let publish = PublishRelay<Int>()
        let bag = DisposeBag()
        let line: UInt = #line + 1
        subject.asDriver(onErrorJustReturn: 0).map { $0 + 1 }.drive(relay).disposed(by: bag)
        subject.asSignal(onErrorJustReturn: 0).emit(to: publish).disposed(by: bag)
        let records = liveSubscriptionsOfThisTest
        XCTAssertEqual(records.map(\.verb), ["drive", "emit"])
        XCTAssertEqual(records.map(\.site.line), [line, line + 1])
        XCTAssertEqual(records.map(\.site.fileName), ["DriverTests.swift", "DriverTests.swift"])
        XCTAssertEqual(records.map(\.owner), [bag.identity, bag.identity])
        XCTAssertTrue(records[0].chain.hasPrefix("PublishSubject<Int> → "), records[0].chain)
        XCTAssertTrue(records[0].chain.hasSuffix(" → map → share → drive"), records[0].chain)
        XCTAssertTrue(records[1].chain.hasSuffix(" → emit"), records[1].chain)
        subject.onNext(4)
        XCTAssertEqual(relay.value, 5)
    }

    func testDriveAndEmitToRelaysObserversAndClosures() {
        let subject = PublishSubject<Int>()
        let driver = subject.asDriver(onErrorJustReturn: 0)
        let signal = subject.asSignal(onErrorJustReturn: 0)
        let behavior = BehaviorRelay(value: 0), optionalBehavior = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int>.createUnbound(), optionalReplay = ReplayRelay<Int?>.createUnbound()
        let publish = PublishRelay<Int>(), optionalPublish = PublishRelay<Int?>()
        let observed = ReplaySubject<Int?>.createUnbounded()
        var log: [String] = []
        let bag = DisposeBag()
        driver.drive(behavior).disposed(by: bag)
        driver.drive(optionalBehavior).disposed(by: bag)
        driver.drive(replay).disposed(by: bag)
        driver.drive(optionalReplay).disposed(by: bag)
        driver.drive(observed).disposed(by: bag)
        driver.drive(
            onNext: { log.append("drive \($0)") }, onCompleted: { log.append("drive completed") },
            onDisposed: { log.append("drive disposed") }
        ).disposed(by: bag)
        signal.emit(to: publish).disposed(by: bag)
        signal.emit(to: behavior).disposed(by: bag)
        signal.emit(to: optionalPublish).disposed(by: bag)
        signal.emit(onNext: { log.append("emit \($0)") }).disposed(by: bag)
        publish.subscribe(onNext: { log.append("publish \($0)") }).disposed(by: bag)
        optionalPublish.subscribe(onNext: { log.append("optional publish \(String(describing: $0))") }).disposed(
            by: bag)
        subject.onNext(7)
        subject.onCompleted()
        XCTAssertEqual(behavior.value, 7)
        XCTAssertEqual(optionalBehavior.value, 7)
        var replayed: [Int] = [], optionallyReplayed: [Int?] = []
        replay.subscribe(onNext: { replayed.append($0) }).disposed(by: bag)
        optionalReplay.subscribe(onNext: { optionallyReplayed.append($0) }).disposed(by: bag)
        XCTAssertEqual(replayed, [7])
        XCTAssertEqual(optionallyReplayed, [7])
        XCTAssertEqual(
            log,
            ["drive 7", "publish 7", "optional publish Optional(7)", "emit 7", "drive completed", "drive disposed"],
            "the driver subscribed to the subject first, and each shares one subscription among its observers")
        var events: [Event<Int?>] = []
        observed.subscribe { events.append($0) }.disposed(by: bag)
        XCTAssertEqual(events, [.next(7), .completed])
        XCTAssertEqual(Resources.diagnostics, [])
    }

    func testDriveWithHoldsTheObjectWeakly() {
        final class Screen { var titles: [String] = [] }
        let relay = BehaviorRelay(value: "a")
        var screen: Screen? = Screen()
        weak let watched = screen
        let bag = DisposeBag()
        relay.asDriver().drive(with: screen!, onNext: { screen, title in screen.titles.append(title) }).disposed(
            by: bag)
        relay.accept("b")
        XCTAssertEqual(screen?.titles, ["a", "b"])
        screen = nil
        XCTAssertNil(watched)
        relay.accept("c")
    }

    func testDrivingOffTheMainThreadIsRecorded() {
        let relay = BehaviorRelay(value: 1)
        let driver = relay.asDriver()
        var subscription: Disposable?
        BackgroundThread.run { subscription = driver.drive() }
        MainScheduler.drain()
        subscription?.dispose()
        XCTAssertEqual(Resources.diagnostics.map(\.kind), [.driveOffMainThread])
    }

    func testCreationOperatorsDeliverOnTheSharingScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let (just, empty, never) = mocked(scheduler) {
            (Driver.just(1), Driver<Int>.empty(), Signal<Int>.never())
        }
        let observers = (0..<3).map { _ in scheduler.createObserver(Int.self) }
        schedule(scheduler, observers[0], to: { just.drive(observers[0]) }, at: 200, until: 1000)
        schedule(scheduler, observers[1], to: { empty.drive(observers[1]) }, at: 200, until: 1000)
        schedule(scheduler, observers[2], to: { never.emit(to: observers[2]) }, at: 200, until: 1000)
        scheduler.start()
        XCTAssertEqual(observers[0].events, [.next(201, 1), .completed(201)])
        XCTAssertEqual(observers[1].events, [.completed(201)])
        XCTAssertEqual(observers[2].events, [])
    }

    func testViewModelOperators() {
        let scheduler = TestScheduler(initialClock: 0)
        let query = scheduler.createHotObservable([
            .next(210, "a"), .next(220, "a"), .next(230, "ab"), .next(240, "abc"),
        ])
        // The whole run is mocked: the inner drivers are made as elements arrive.
        let res = mocked(scheduler) {
            scheduler.start {
                query.asDriver(onErrorJustReturn: "")
                    .distinctUntilChanged()
                    .filter { $0.count > 1 }
                    .flatMapLatest { text in Driver.just(text.count) }
                    .map { $0 * 10 }
                    .startWith(0)
            }
        }
        XCTAssertEqual(res.events, [.next(200, 0), .next(232, 20), .next(242, 30)])
        XCTAssertEqual(query.subscriptions, [Subscription(200, 1000)])
    }

    func testMergeOfDrivers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3)])
        let ys = scheduler.createHotObservable([.next(220, 2)])
        let merged = mocked(scheduler) {
            Driver.merge(xs.asDriver(onErrorJustReturn: 0), ys.asDriver(onErrorJustReturn: 0))
        }
        let res = scheduler.start { merged }
        XCTAssertEqual(res.events, [.next(211, 1), .next(221, 2), .next(231, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 1000)])
    }

    func testCombineLatestZipAndWithLatestFrom() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .next(250, 5)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b")])
        let observers = (0..<4).map { _ in scheduler.createObserver(String.self) }
        SharingScheduler.mock(scheduler: scheduler) {
            let numbers = xs.asDriver(onErrorJustReturn: 0)
            let letters = ys.asDriver(onErrorJustReturn: "")
            let pairs = Driver.combineLatest(numbers, letters).map { "\($0)\($1)" }
            let joined = Driver.combineLatest(numbers, letters) { "\($1)\($0)" }
            let zipped = Driver.zip(numbers, letters).map { "\($0)\($1)" }
            let sampled = numbers.withLatestFrom(letters) { "\($0)\($1)" }
            schedule(scheduler, observers[0], to: { pairs.drive(observers[0]) }, at: 200, until: 1000)
            schedule(scheduler, observers[1], to: { joined.drive(observers[1]) }, at: 200, until: 1000)
            schedule(scheduler, observers[2], to: { zipped.drive(observers[2]) }, at: 200, until: 1000)
            schedule(scheduler, observers[3], to: { sampled.drive(observers[3]) }, at: 200, until: 1000)
            scheduler.start()
        }
        XCTAssertEqual(observers[0].events, [.next(221, "1a"), .next(231, "3a"), .next(241, "3b"), .next(251, "5b")])
        XCTAssertEqual(observers[1].events, [.next(221, "a1"), .next(231, "a3"), .next(241, "b3"), .next(251, "b5")])
        XCTAssertEqual(observers[2].events, [.next(221, "1a"), .next(241, "3b")])
        XCTAssertEqual(observers[3].events, [.next(231, "3a"), .next(251, "5b")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)], "every operator shares the one driver subscription")
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 1000)])
    }

    func testOfFromAndIntervalOnTheSharingScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let observers = (0..<3).map { _ in scheduler.createObserver(Int.self) }
        SharingScheduler.mock(scheduler: scheduler) {
            let of = Driver.of(1, 2)
            let fromOptional = Signal.from(optional: 3)
            let ticks = Driver<Int>.interval(.seconds(10))
            schedule(scheduler, observers[0], to: { of.drive(observers[0]) }, at: 200, until: 1000)
            schedule(scheduler, observers[1], to: { fromOptional.emit(to: observers[1]) }, at: 200, until: 1000)
            schedule(scheduler, observers[2], to: { ticks.drive(observers[2]) }, at: 200, until: 235)
            scheduler.start()
        }
        XCTAssertEqual(observers[0].events, [.next(201, 1), .next(202, 2), .completed(203)])
        XCTAssertEqual(observers[1].events, [.next(201, 3), .completed(202)])
        XCTAssertEqual(observers[2].events, [.next(210, 0), .next(220, 1), .next(230, 2)])
    }

    func testMockRestoresTheMainScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            XCTAssertTrue(SharingScheduler.make() as AnyObject === scheduler)
        }
        XCTAssertTrue(SharingScheduler.make() is MainScheduler)
    }

    /// Each signal delivers on a main scheduler of its own (RxSwift's `SharingScheduler.make`), so a
    /// `Signal.just` inside another signal's delivery arrives at once instead of being queued, and is
    /// not cancelled by the next element switching `flatMapLatest` away from it.
    func testSignalJustInsideFlatMapLatestIsDeliveredAtOnce() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        let subscription = relay.asSignal().flatMapLatest { Signal.just($0 * 10) }.emit(onNext: { received.append($0) })
        relay.accept(1)
        relay.accept(2)
        XCTAssertEqual(received, [10, 20])
        subscription.dispose()
    }

    /// A driver-based feedback loop started inside a driver's delivery gets its initial state at once.
    func testADriverSubscribedInsideAnotherDriversDeliveryDeliversAtOnce() {
        var log: [String] = []
        let bag = DisposeBag()
        Driver.just("outer").drive(onNext: { outer in
            log.append(outer)
            let state = BehaviorRelay(value: 0)
            state.asDriver().drive(onNext: { log.append("state \($0)") }).disposed(by: bag)
            log.append("\(outer) ends")
        }).disposed(by: bag)
        XCTAssertEqual(log, ["outer", "state 0", "outer ends"])
    }
}
