import RxCore
import Synchronization
import XCTest

/// Collects what a scope is told about the closures handed to operators.
private final class ReceiptLog: ResourceScopeObserver, @unchecked Sendable {
    private let receipts = Mutex<[String]>([])

    var all: [String] { receipts.withLock { $0 } }

    func scope(_ scope: ResourceScope, received closure: ClosureReceipt) {
        receipts.withLock { $0.append("\(closure.operatorName) at \(closure.site)") }
    }
}

final class ClosureSiteTests: RxTestCase {
    func testClosureTakingOperatorsReportTheirClosuresWithTheirSites() {
        let log = ReceiptLog()
        var lines: [UInt] = []
        ResourceScope(name: "closure sites", observer: log).run {
            let source = PublishSubject<Int>().asObservable()
            lines.append(#line + 1)
            _ = source.do(onNext: { _ in }, onError: { _ in }, onSubscribe: {}, onDispose: {})
            lines.append(#line + 1)
            _ = source.catch { _ in .just(0) }
            lines.append(#line + 1)
            _ = source.take(while: { $0 < 3 })
            lines.append(#line + 1)
            _ = source.take(until: { $0 > 3 }, behavior: .inclusive)
            lines.append(#line + 1)
            _ = source.skip(while: { $0 < 3 })
            lines.append(#line + 1)
            _ = source.retry(when: { errors in errors })
            lines.append(#line + 1)
            _ = source.multicast(makeSubject: { PublishSubject<Int>() })
        }

        XCTAssertEqual(
            log.all,
            [
                "do(onNext:) at ClosureSiteTests.swift:\(lines[0])",
                "do(onError:) at ClosureSiteTests.swift:\(lines[0])",
                "do(onSubscribe:) at ClosureSiteTests.swift:\(lines[0])",
                "do(onDispose:) at ClosureSiteTests.swift:\(lines[0])",
                "catch at ClosureSiteTests.swift:\(lines[1])",
                "take(while:) at ClosureSiteTests.swift:\(lines[2])",
                "take(until:) at ClosureSiteTests.swift:\(lines[3])",
                "skip(while:) at ClosureSiteTests.swift:\(lines[4])",
                "retry(when:) at ClosureSiteTests.swift:\(lines[5])",
                "multicast(makeSubject:) at ClosureSiteTests.swift:\(lines[6])",
            ])
    }

    func testTraitOperatorsReportTheirClosuresAtTheirCallersSites() {
        let log = ReceiptLog()
        var lines: [UInt] = []
        ResourceScope(name: "trait closure sites", observer: log).run {
            let relay = PublishRelay<Int>()
            lines.append(#line + 1)
            _ = relay.asInfallible().map { $0 + 1 }
            lines.append(#line + 1)
            _ = Single.just(1).flatMapMaybe { .just($0) }
            lines.append(#line + 1)
            _ = Maybe.just(1).do(onNext: { _ in })
            lines.append(#line + 1)
            _ = Completable.empty().catch { _ in .empty() }
            lines.append(#line + 1)
            _ = relay.asDriver(onErrorJustReturn: 0).filter { $0 > 0 }
            lines.append(#line + 1)
            relay.asInfallible().bind(onNext: { _ in }).dispose()
        }

        XCTAssertEqual(
            log.all,
            [
                "map at ClosureSiteTests.swift:\(lines[0])",
                "flatMap at ClosureSiteTests.swift:\(lines[1])",
                "do(onNext:) at ClosureSiteTests.swift:\(lines[2])",
                "catch at ClosureSiteTests.swift:\(lines[3])",
                "filter at ClosureSiteTests.swift:\(lines[4])",
                "bind(onNext:) at ClosureSiteTests.swift:\(lines[5])",
            ])
    }

    func testOperatorChainsNameTheOperators() {
        let subject = PublishSubject<Int>()
        let other = PublishSubject<String>()
        let bag = DisposeBag()
        subject.take(until: other).skip(1).debounce(.seconds(1), scheduler: MainScheduler.instance)
            .subscribe().disposed(by: bag)
        subject.do(onNext: { _ in }).catchAndReturn(0).retry(2).materialize()
            .subscribe().disposed(by: bag)

        XCTAssertEqual(
            liveSubscriptionsOfThisTest.map(\.chain),
            [
                "take(until:)(PublishSubject<Int>, PublishSubject<String>) → skip → debounce → subscribe",
                "PublishSubject<Int> → do → catchAndReturn → retry → materialize → subscribe",
            ])
    }

    /// Operators that share `UnaryProducer` still count under their own kinds and name themselves in chains.
    func testOperatorsSharingAProducerKeepTheirKindsAndChainNames() {
        let before = Resources.snapshot()
        let subject = PublishSubject<Int>()
        let bag = DisposeBag()
        let logged = subject.do(onNext: { _ in }).catchAndReturn(0).retry(2)
        let timed = subject.scan(0, accumulator: +).distinctUntilChanged().startWith(0)
            .observe(on: MainScheduler.instance)
            .timeout(.seconds(1), other: PublishSubject<Int>(), scheduler: MainScheduler.instance)
        let reduced = subject.single().retry(when: { errors in errors }).withUnretained(self).reduce(0) { $0 + $1.1 }
        for pipeline in [logged, timed, reduced] { pipeline.subscribe().disposed(by: bag) }

        XCTAssertEqual(
            liveSubscriptionsOfThisTest.map(\.chain),
            [
                "PublishSubject<Int> → do → catchAndReturn → retry → subscribe",
                "timeout(PublishSubject<Int> → scan → distinctUntilChanged → startWith → observe(on:), PublishSubject<Int>)"
                    + " → subscribe",
                "PublishSubject<Int> → single → retry(when:) → withUnretained → reduce → subscribe",
            ])
        // Each pipeline's last observable holds the ones before it, as the subscriptions hold the sinks.
        let live = withExtendedLifetime([logged, timed, reduced]) { Resources.snapshot().difference(from: before) }
        let kinds = [
            "Do", "DoSink", "Catch", "CatchSink", "Retry", "RetrySink", "Scan", "ScanSink", "DistinctUntilChanged",
            "DistinctUntilChangedSink", "StartWith", "ObserveOnSerialDispatchQueue", "ObserveOnSink", "Timeout",
            "TimeoutSink", "SingleElement", "SingleElementSink", "RetryWhen", "RetryWhenSink", "WithUnretained",
            "WithUnretainedSink", "Reduce", "ReduceSink",
        ]
        XCTAssertEqual(kinds.map { "\($0) \(live[$0] ?? 0)" }, kinds.map { "\($0) 1" })
    }

    @available(*, deprecated, message: "exercises RxSwift 5's deprecated names")
    func testRxSwift5NamesBuildTheRxSwift6Operators() {
        let subject = PublishSubject<Int>()
        let other = PublishSubject<Int>()
        var received: [Int] = []
        let subscription =
            subject
            .skipUntil(other).skipWhile { $0 < 2 }.takeWhile { $0 < 10 }.takeUntil(other.filter { $0 == 99 })
            .catchErrorJustReturn(-1).retryWhen { errors in errors.take(1) }
            .observeOn(CurrentThreadScheduler.instance).subscribeOn(CurrentThreadScheduler.instance)
            .subscribe(onNext: { received.append($0) })

        subject.onNext(0)
        other.onNext(1)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        subject.onError(RxError.unknown)
        XCTAssertEqual(received, [2, 3, -1])
        XCTAssertEqual(liveSubscriptionsOfThisTest.count, 0, "catchAndReturn completed the sequence")
        subscription.dispose()
    }

    @available(*, deprecated, message: "exercises RxSwift 5's deprecated names")
    func testRxSwift5ElementAtAndTakeUntilWithAPredicate() {
        var received: [String] = []
        _ = Observable.of(5, 6, 7).elementAt(1).subscribe(onNext: { received.append("element \($0)") })
        _ = Observable.of(1, 2, 3, 4).takeUntil(.inclusive, predicate: { $0 == 3 })
            .subscribe(onNext: { received.append("taken \($0)") }, onCompleted: { received.append("completed") })

        XCTAssertEqual(received, ["element 6", "taken 1", "taken 2", "taken 3", "completed"])
    }
}
