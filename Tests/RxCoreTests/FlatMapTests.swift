import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error {}

/// flatMap, flatMapFirst and concatMap.
final class FlatMapTests: RxTestCase {
    func testFlatMapMergesInnerSequencesAndCompletesAfterAllOfThem() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(300, 2), .completed(500)])
        let ys1 = scheduler.createColdObservable([.next(10, 11), .next(100, 12), .completed(150)])
        let ys2 = scheduler.createColdObservable([.next(20, 21), .next(50, 22), .completed(60)])

        let res = scheduler.start { xs.flatMap { $0 == 1 ? ys1 : ys2 } }

        XCTAssertEqual(res.events, [.next(220, 11), .next(310, 12), .next(320, 21), .next(350, 22), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 360)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(300, 360)])
    }

    func testFlatMapWaitsForInnerSequencesAfterTheSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let ys = scheduler.createColdObservable([.next(50, 7), .completed(100)])

        let res = scheduler.start { xs.flatMap { _ in ys } }

        XCTAssertEqual(res.events, [.next(260, 7), .completed(310)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(210, 310)])
    }

    func testFlatMapInnerErrorDisposesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(500)])
        let ys1 = scheduler.createColdObservable([.next(10, 11), .next(100, 12), .completed(150)])
        let ys2 = scheduler.createColdObservable([.error(30, TestError())] as [Recorded<Event<Int>>])

        let res = scheduler.start { xs.flatMap { $0 == 1 ? ys1 : ys2 } }

        XCTAssertEqual(res.events, [.next(220, 11), .error(250, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(220, 250)])
    }

    func testFlatMapSelectorThrowingDisposesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(500)])
        let ys = scheduler.createColdObservable([.next(5, 11), .completed(150)])

        let res = scheduler.start {
            xs.flatMap { value -> TestableObservable<Int> in
                if value == 2 { throw TestError() }
                return ys
            }
        }

        XCTAssertEqual(res.events, [.next(215, 11), .error(220, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(210, 220)])
    }

    func testFlatMapDisposalReachesSourceAndInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(500)])
        let ys = scheduler.createColdObservable([.next(5, 1), .next(200, 2), .completed(300)])

        let res = scheduler.start(disposed: 300) { xs.flatMap { _ in ys } }

        XCTAssertEqual(res.events, [.next(215, 1), .next(225, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(210, 300), Subscription(220, 300)])
    }

    /// On the current-thread scheduler each `of` sends one element per
    /// trampoline run, so the inner sequences interleave with the outer one
    /// exactly as in RxSwift.
    func testFlatMapOfOfSequencesInterleavesOnTheCurrentThreadScheduler() {
        var received: [Int] = []
        var completed = false
        _ = Observable.of(1, 2, 3)
            .flatMap { Observable.of($0, $0 * 10, $0 * 100) }
            .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })

        XCTAssertEqual(received, [1, 10, 2, 100, 20, 3, 200, 30, 300])
        XCTAssertTrue(completed)
    }

    func testFlatMapReentrantInnerDeliveryDoesNotDeadlock() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription =
            subject
            .flatMap { Observable.just($0) }
            .subscribe(onNext: { value in
                received.append(value)
                if value < 3 { subject.onNext(value + 1) }
            })
        subject.onNext(1)
        subscription.dispose()

        XCTAssertEqual(received, [1, 2, 3])
        Resources.clearDiagnostics()
    }

    /// Inner subscriptions are disposed in the order they began, also when a
    /// later one began (re-entrantly) before an earlier one's `subscribe`
    /// returned, and one that ended while being subscribed is disposed as
    /// soon as `subscribe` returns.
    func testFlatMapDisposesInnerSubscriptionsInTheOrderTheyBegan() {
        let source = PublishSubject<Int>()
        var log: [String] = []
        func inner(_ value: Int) -> Observable<Int> {
            Observable.create { observer in
                log.append("subscribe \(value)")
                if value == 1 { source.onNext(2) }
                if value == 3 { observer.onCompleted() }
                return Disposables.create { log.append("dispose \(value)") }
            }
        }
        let subscription = source.flatMap(inner).subscribe()
        source.onNext(1)
        source.onNext(3)
        source.onNext(4)
        log.append("dispose all")
        subscription.dispose()

        XCTAssertEqual(
            log,
            [
                "subscribe 1", "subscribe 2", "subscribe 3", "dispose 3", "subscribe 4",
                "dispose all", "dispose 1", "dispose 2", "dispose 4",
            ])
        Resources.clearDiagnostics()
    }

    func testFlatMapOfJustCompletesAfterTheSourceAndKeepsNoInnerSubscription() {
        let source = PublishSubject<Int>()
        var received: [Int] = []
        var completed = false
        _ = source.flatMap { Observable.just($0 * 2) }
            .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        for value in 1...3 { source.onNext(value) }
        XCTAssertFalse(completed)
        source.onCompleted()

        XCTAssertEqual(received, [2, 4, 6])
        XCTAssertTrue(completed)
        XCTAssertEqual(liveSubscriptionsOfThisTest, [])
    }

    func testFlatMapFirstDropsElementsWhileAnInnerSequenceIsActive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(400, 3), .completed(500)])
        let ys1 = scheduler.createColdObservable([.next(10, 11), .completed(100)])
        let ys3 = scheduler.createColdObservable([.next(10, 31), .completed(200)])
        var mapped: [Int] = []

        let res = scheduler.start {
            xs.flatMapFirst { value -> TestableObservable<Int> in
                mapped.append(value)
                return value == 1 ? ys1 : ys3
            }
        }

        XCTAssertEqual(mapped, [1, 3], "an element dropped while busy is not even mapped")
        XCTAssertEqual(res.events, [.next(220, 11), .next(410, 31), .completed(600)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 310)])
        XCTAssertEqual(ys3.subscriptions, [Subscription(400, 600)])
    }

    func testConcatMapSubscribesEachInnerAfterThePreviousCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let ys1 = scheduler.createColdObservable([.next(10, 11), .completed(50)])
        let ys2 = scheduler.createColdObservable([.next(5, 21), .completed(10)])
        var mappedAt: [TestTime] = []

        let res = scheduler.start {
            xs.concatMap { value -> TestableObservable<Int> in
                mappedAt.append(scheduler.clock)
                return value == 1 ? ys1 : ys2
            }
        }

        XCTAssertEqual(mappedAt, [210, 220], "elements are mapped when they arrive, even while queued")
        XCTAssertEqual(res.events, [.next(220, 11), .next(265, 21), .completed(270)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 260)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(260, 270)])
    }

    func testConcatMapQueuedInnerIsNeverSubscribedAfterAnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let ys1 = scheduler.createColdObservable([.next(10, 11), .error(50, TestError())])
        let ys2 = scheduler.createColdObservable([.next(5, 21), .completed(10)])

        let res = scheduler.start { xs.concatMap { $0 == 1 ? ys1 : ys2 } }

        XCTAssertEqual(res.events, [.next(220, 11), .error(260, TestError())])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 260)])
        XCTAssertEqual(ys2.subscriptions, [])
    }

    func testClosureSitesAreRecordedForTheScope() {
        let collector = ReceiptCollector()
        let scope = ResourceScope(name: "sites", observer: collector)
        let just = Observable.just(1)
        let line = #line
        scope.run {
            _ = just.flatMap { Observable.just($0) }
            _ = just.flatMapLatest { Observable.just($0) }
            _ = just.concatMap { Observable.just($0) }
            _ = just.flatMapFirst { Observable.just($0) }
        }

        XCTAssertEqual(
            collector.receipts.map(\.operatorName), ["flatMap", "flatMapLatest", "concatMap", "flatMapFirst"])
        XCTAssertEqual(collector.receipts.map(\.site.description), (2...5).map { "FlatMapTests.swift:\(line + $0)" })
        XCTAssertTrue(collector.receipts.allSatisfy { $0.context == nil }, "the closures capture nothing")
    }

    func testEveryClosureTakingTransformingOperatorReportsItsSite() {
        let collector = ReceiptCollector()
        let source = Observable.just(1)
        let other = Observable.just(2)
        let line = #line
        ResourceScope(name: "sites", observer: collector).run {
            _ = source.compactMap { $0 }
            _ = source.scan(0) { $0 + $1 }
            _ = source.scan(into: 0) { $0 += $1 }
            _ = source.reduce(0, accumulator: +, mapResult: { $0 })
            _ = source.distinctUntilChanged { $0 }
            _ = Observable<Int>.deferred { source }
            _ = Observable.combineLatest(source, other) { $0 + $1 }
            _ = Observable.zip(source, other, other) { $0 + $1 + $2 }
            _ = source.withLatestFrom(other) { $0 + $1 }
        }

        XCTAssertEqual(
            collector.receipts.map { "\($0.operatorName) +\($0.site.line - UInt(line))" },
            [
                "compactMap +2", "scan +3", "scan +4", "reduce +5", "reduce(mapResult:) +5", "distinctUntilChanged +6",
                "deferred +7", "combineLatest +8", "zip +9", "withLatestFrom +10",
            ])
        XCTAssertNotNil(
            collector.receipts.first { $0.operatorName == "deferred" }?.context,
            "deferred's closure captures the source")
    }
}

/// Collects the closures a scope was told about.
final class ReceiptCollector: ResourceScopeObserver, @unchecked Sendable {
    private(set) var receipts: [ClosureReceipt] = []

    func scope(_ scope: ResourceScope, received closure: ClosureReceipt) {
        receipts.append(closure)
    }
}
