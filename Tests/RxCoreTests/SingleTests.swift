import RxCore
import RxCoreTesting
import XCTest

private enum TraitTestError: Error { case boom }

final class SingleTests: RxTestCase {
    func testAsSingleSendsTheOnlyElementAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(30)])
        let res = scheduler.start { xs.asSingle() }
        XCTAssertEqual(res.events, [.next(230, 1), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testAsSingleFailsWithoutElementsAndOnASecondElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createColdObservable([Recorded<Event<Int>>.completed(30)])
        let two = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let fromEmpty = scheduler.createObserver(Int.self)
        let fromTwo = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = empty.asSingle().asObservable().subscribe(fromEmpty)
            _ = two.asSingle().asObservable().subscribe(fromTwo)
        }
        scheduler.start()
        XCTAssertEqual(fromEmpty.events, [.error(230, RxError.noElements)])
        XCTAssertEqual(fromTwo.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(two.subscriptions, [Subscription(200, 220)])
    }

    func testCreateReportsSuccessThenDisposalAndLeavesTheRegistry() {
        var log: [String] = []
        var succeed: ((SingleEvent<Int>) -> Void)?
        let single = Single<Int>.create { observer in
            succeed = observer
            return Disposables.create { log.append("cancelled work") }
        }
        let line: UInt = #line + 1
        _ = single.map { $0 * 2 }.subscribe(
            onSuccess: { log.append("success \($0)") },
            onFailure: { log.append("failure \($0)") },
            onDisposed: { log.append("disposed") })
        let records = liveSubscriptionsOfThisTest
        XCTAssertEqual(records.map(\.chain), ["create<Int> → map → subscribe"])
        XCTAssertEqual(records.first?.site.line, line)
        succeed?(.success(21))
        succeed?(.success(22))
        XCTAssertEqual(
            log, ["success 42", "disposed", "cancelled work"],
            "RxSwift's order: the subscriber's disposal, then the work's")
        XCTAssertEqual(liveSubscriptionsOfThisTest.count, 0)
        succeed = nil
    }

    func testAFailureWithoutOnFailureGoesToTheDefaultErrorHandler() {
        var handled: [String] = []
        let original = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { callStack, error in
            handled.append("\(error) at \(Hooks.siteOfUnhandledError?.description ?? "?"), stack \(callStack)")
        }
        defer { Hooks.defaultErrorHandler = original }
        var log: [String] = []
        let unhandledLine = #line + 1
        _ = Single<Int>.error(TraitTestError.boom).subscribe(onSuccess: { log.append("success \($0)") })
        _ = Single<Int>.error(TraitTestError.boom).subscribe(onFailure: { log.append("failure \($0)") })
        XCTAssertEqual(handled, ["boom at SingleTests.swift:\(unhandledLine), stack []"])
        XCTAssertEqual(log, ["failure boom"])
    }

    func testSubscribeWithAnObserverClosureGetsTheResult() {
        var results: [String] = []
        let record: (SingleEvent<Int>) -> Void = { result in
            switch result {
            case .success(let value): results.append("success \(value)")
            case .failure(let error): results.append("failure \(error)")
            }
        }
        _ = Single.just(1).subscribe(record)
        _ = Single<Int>.error(TraitTestError.boom).subscribe(record)
        XCTAssertEqual(results, ["success 1", "failure boom"])
    }

    func testFlatMapSubscribesToTheInnerSingleAfterTheOuterSucceeds() {
        let scheduler = TestScheduler(initialClock: 0)
        let outer = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let inner = scheduler.createColdObservable([.next(5, "a"), .completed(5)])
        let res = scheduler.start { outer.asSingle().flatMap { value in inner.asSingle().map { "\($0)\(value)" } } }
        XCTAssertEqual(res.events, [.next(215, "a1"), .completed(215)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 215)])
    }

    func testSubscribeWithHoldsTheObjectWeakly() {
        final class Owner { var values: [Int] = [] }
        var owner: Owner? = Owner()
        weak let watched = owner
        let subject = PublishSubject<Int>()
        let subscription = subject.asSingle().subscribe(
            with: owner!, onSuccess: { owner, value in owner.values.append(value) })
        owner = nil
        XCTAssertNil(watched, "the subscription does not keep the object alive")
        subject.onNext(1)
        subject.onCompleted()
        subscription.dispose()
    }

    func testSubscribeWithOfEachTraitPassesTheObjectAndRecordsTheCallersSite() {
        final class Owner { var log: [String] = [] }
        var owner: Owner? = Owner()
        weak let watched = owner
        let subject = PublishSubject<Int>()
        let line: UInt = #line + 1
        let single = subject.asSingle().subscribe(with: owner!, onSuccess: { $0.log.append("single \($1)") })
        let maybe = subject.asMaybe().subscribe(with: owner!, onSuccess: { $0.log.append("maybe \($1)") })
        let completable = subject.ignoreElements().asCompletable().subscribe(
            with: owner!, onCompleted: { $0.log.append("completed") })
        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.site.line), [line, line + 1, line + 2])
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertEqual(owner?.log, ["single 1", "maybe 1", "completed"])
        owner = nil
        XCTAssertNil(watched, "the subscriptions do not keep the object alive")
        for subscription in [single, maybe, completable] { subscription.dispose() }
    }

    func testFilterAndCompactMapMakeAMaybe() {
        var log: [String] = []
        _ = Single.just(3).filter { $0 > 5 }.subscribe(
            onSuccess: { log.append("kept \($0)") }, onCompleted: { log.append("empty") })
        _ = Single.just(8).filter { $0 > 5 }.subscribe(
            onSuccess: { log.append("kept \($0)") }, onCompleted: { log.append("empty") })
        _ = Single.just("x").compactMap { Int($0) }.subscribe(
            onSuccess: { log.append("parsed \($0)") }, onCompleted: { log.append("not a number") })
        XCTAssertEqual(log, ["empty", "kept 8", "not a number"])
    }

    func testFirstTakesTheFirstElementOrNil() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.first() }
        XCTAssertEqual(res.events, [.next(210, Optional(1)), .completed(210)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])

        let emptyScheduler = TestScheduler(initialClock: 0)
        let emptyXs = emptyScheduler.createHotObservable([Recorded<Event<Int>>.completed(240)])
        let emptyRes = emptyScheduler.start { emptyXs.first() }
        XCTAssertEqual(emptyRes.events, [.next(240, Optional<Int>.none), .completed(240)])
    }
}

final class PrimitiveSequenceOperatorTests: RxTestCase {
    func testDoCatchAndReturnAndRetry() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createColdObservable([Recorded<Event<Int>>.error(10, TraitTestError.boom)])
        var log: [String] = []
        let res = scheduler.start {
            failing.asSingle()
                .do(
                    onError: { _ in log.append("failed at \(scheduler.clock)") },
                    onSubscribe: { log.append("subscribing") }
                )
                .retry(2)
                .catchAndReturn(-1)
        }
        XCTAssertEqual(res.events, [.next(220, -1), .completed(220)])
        XCTAssertEqual(failing.subscriptions, [Subscription(200, 210), Subscription(210, 220)])
        XCTAssertEqual(log, ["subscribing", "failed at 210", "subscribing", "failed at 220"])
    }

    func testTimeoutAndCatchKeepTheTrait() {
        let scheduler = TestScheduler(initialClock: 0)
        let slow = scheduler.createColdObservable([.next(50, 1), .completed(50)])
        let res = scheduler.start {
            slow.asSingle()
                .timeout(.seconds(20), scheduler: scheduler)
                .catch { error in Single.just(error is RxError ? 2 : 3) }
        }
        XCTAssertEqual(res.events, [.next(220, 2), .completed(220)])
        XCTAssertEqual(slow.subscriptions, [Subscription(200, 220)])
    }

    func testMaybeAndCompletableDo() {
        var log: [String] = []
        _ = Maybe<Int>.empty().do(onCompleted: { log.append("maybe completed") }).subscribe()
        _ = Completable.empty().do(onCompleted: { log.append("completable completed") }).subscribe()
        _ = Maybe<Int>.error(TraitTestError.boom).catchAndReturn(4).subscribe(onSuccess: { log.append("maybe \($0)") })
        XCTAssertEqual(log, ["maybe completed", "completable completed", "maybe 4"])
    }
}

final class MaybeTests: RxTestCase {
    func testAsMaybeCompletesEmptyAndFailsOnASecondElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let one = scheduler.createColdObservable([.next(10, 1), .completed(30)])
        let empty = scheduler.createColdObservable([Recorded<Event<Int>>.completed(30)])
        let two = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let observers = (0..<3).map { _ in scheduler.createObserver(Int.self) }
        scheduler.scheduleAt(200) {
            _ = one.asMaybe().asObservable().subscribe(observers[0])
            _ = empty.asMaybe().asObservable().subscribe(observers[1])
            _ = two.asMaybe().asObservable().subscribe(observers[2])
        }
        scheduler.start()
        XCTAssertEqual(observers[0].events, [.next(230, 1), .completed(230)])
        XCTAssertEqual(observers[1].events, [.completed(230)])
        XCTAssertEqual(observers[2].events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(two.subscriptions, [Subscription(200, 220)])
    }

    func testSubscribeCallsExactlyOneOutcomeClosureThenOnDisposed() {
        var log: [String] = []
        func record(_ maybe: Maybe<Int>) {
            _ = maybe.subscribe(
                onSuccess: { log.append("success \($0)") },
                onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") })
        }
        record(.just(1))
        record(.empty())
        record(.error(TraitTestError.boom))
        record(
            Maybe.create { observer in
                observer(.success(2))
                observer(.completed)
                return Disposables.create()
            })
        XCTAssertEqual(
            log, ["success 1", "disposed", "completed", "disposed", "error boom", "disposed", "success 2", "disposed"])
    }

    func testEventObserverAndMapFlatMap() {
        var events: [String] = []
        _ = Maybe.just(2).map { $0 * 10 }.flatMap { Maybe.just($0 + 1) }.subscribe { event in
            if case .success(let value) = event { events.append("success \(value)") }
        }
        _ = Maybe<Int>.empty().map { $0 * 10 }.subscribe { event in
            if case .completed = event { events.append("completed") }
        }
        XCTAssertEqual(events, ["success 21", "completed"])
    }
}

final class CompletableTests: RxTestCase {
    func testCreateAndSubscribe() {
        var log: [String] = []
        let completable = Completable.create { observer in
            observer(.completed)
            return Disposables.create { log.append("cancelled work") }
        }
        _ = completable.subscribe(
            onCompleted: { log.append("completed") }, onError: { log.append("error \($0)") },
            onDisposed: { log.append("disposed") })
        _ = Completable.error(TraitTestError.boom).subscribe { event in
            if case .error(let error) = event { log.append("error \(error)") }
        }
        XCTAssertEqual(
            log, ["completed", "disposed", "cancelled work", "error boom"],
            "RxSwift's order: the subscriber's disposal, then the work's")
    }

    func testAndThenSubscribesToTheSecondAfterCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([.next(5, 7), .completed(5)])
        let res = scheduler.start { first.asCompletable().andThen(second.asSingle()) }
        XCTAssertEqual(res.events, [.next(215, 7), .completed(215)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 215)])
    }

    func testAndThenSkipsTheSecondOnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.error(10, TraitTestError.boom)])
        let second = scheduler.createColdObservable([.next(5, 7), .completed(5)])
        let res = scheduler.start { first.asCompletable().andThen(second.asObservable()) }
        XCTAssertEqual(res.events, [.error(210, TraitTestError.boom)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(second.subscriptions, [])
    }

    func testAndThenChainsAndDisposalReachesTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.completed(100)])
        let third = scheduler.createColdObservable([.next(5, 1), .completed(5)])
        let res = scheduler.start(disposed: 250) {
            first.asCompletable().andThen(second.asCompletable()).andThen(third.asMaybe())
        }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(third.subscriptions, [])
    }

    func testSingleAsCompletableAndAsMaybe() {
        var log: [String] = []
        _ = Single.just(1).asCompletable().subscribe(onCompleted: { log.append("completed") })
        _ = Single.just(2).asMaybe().subscribe(onSuccess: { log.append("success \($0)") })
        XCTAssertEqual(log, ["completed", "success 2"])
    }
}
