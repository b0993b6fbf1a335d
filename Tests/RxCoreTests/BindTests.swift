import RxCore
import XCTest

private enum BindTestError: Error { case boom }

final class BindTests: RxTestCase {
    override func setUp() {
        super.setUp()
        Resources.clearDiagnostics()
    }

    func testBindToObserversForwardsEveryEventToEachOfThem() {
        let source = PublishSubject<Int>()
        let first = ReplaySubject<Int>.createUnbounded()
        let second = ReplaySubject<Int>.createUnbounded()
        _ = source.bind(to: first, second)
        source.onNext(1)
        source.onError(BindTestError.boom)
        for target in [first, second] {
            var events: [Event<Int>] = []
            _ = target.subscribe { events.append($0) }
            XCTAssertEqual(events, [.next(1), .error(BindTestError.boom)])
        }
        XCTAssertEqual(Resources.diagnostics, [], "an observer receives the error; it is not a binding error")
        XCTAssertEqual(liveSubscriptionsOfThisTest.count, 0, "the error ended the binding")
    }

    func testBindToOptionalObserversWrapsElements() {
        let source = PublishSubject<Int>()
        let target = BehaviorSubject<Int?>(value: nil)
        let bag = DisposeBag()
        source.bind(to: target).disposed(by: bag)
        source.onNext(3)
        XCTAssertEqual(try target.value(), 3)
    }

    func testTheRegistryRecordsABindingWithItsVerbSiteChainAndOwner() {
        let source = PublishSubject<Int>()
        let relay = PublishRelay<String>()
        let bag = DisposeBag()
        let line: UInt = #line + 1
        source.map { "\($0)" }.bind(to: relay).disposed(by: bag)
        let records = liveSubscriptionsOfThisTest
        XCTAssertEqual(records.count, 1)
        XCTAssertEqual(records.first?.verb, "bind")
        XCTAssertEqual(records.first?.chain, "PublishSubject<Int> → map → bind")
        XCTAssertEqual(records.first?.site.fileName, "BindTests.swift")
        XCTAssertEqual(records.first?.site.line, line)
        XCTAssertEqual(records.first?.site.function, "testTheRegistryRecordsABindingWithItsVerbSiteChainAndOwner()")
        XCTAssertEqual(records.first?.owner, bag.identity)
    }

    func testBindToRelaysOfEveryKindAndTheirOptionalForms() {
        let source = PublishSubject<Int>()
        let publish = PublishRelay<Int>(), optionalPublish = PublishRelay<Int?>()
        let behavior = BehaviorRelay(value: 0), otherBehavior = BehaviorRelay(value: 0)
        let optionalBehavior = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int>.createUnbound(), optionalReplay = ReplayRelay<Int?>.createUnbound()
        var published: [Int] = [], optionallyPublished: [Int?] = []
        let bag = DisposeBag()
        publish.subscribe(onNext: { published.append($0) }).disposed(by: bag)
        optionalPublish.subscribe(onNext: { optionallyPublished.append($0) }).disposed(by: bag)
        source.bind(to: publish).disposed(by: bag)
        source.bind(to: optionalPublish).disposed(by: bag)
        source.bind(to: behavior, otherBehavior).disposed(by: bag)
        source.bind(to: optionalBehavior).disposed(by: bag)
        source.bind(to: replay).disposed(by: bag)
        source.bind(to: optionalReplay).disposed(by: bag)
        source.onNext(1)
        source.onNext(2)
        XCTAssertEqual(published, [1, 2])
        XCTAssertEqual(optionallyPublished, [1, 2])
        XCTAssertEqual([behavior.value, otherBehavior.value], [2, 2])
        XCTAssertEqual(optionalBehavior.value, 2)
        var replayed: [Int] = [], optionallyReplayed: [Int?] = []
        replay.subscribe(onNext: { replayed.append($0) }).disposed(by: bag)
        optionalReplay.subscribe(onNext: { optionallyReplayed.append($0) }).disposed(by: bag)
        XCTAssertEqual(replayed, [1, 2])
        XCTAssertEqual(optionallyReplayed, [1, 2])
        XCTAssertEqual(Set(liveSubscriptionsOfThisTest.map(\.verb)), ["bind", "subscribe"])
    }

    func testCompletionEndsTheBindingButNotTheRelay() {
        let source = PublishSubject<Int>()
        let relay = BehaviorRelay(value: 0)
        var events: [Event<Int>] = []
        let bag = DisposeBag()
        relay.subscribe { events.append($0) }.disposed(by: bag)
        _ = source.bind(to: relay)
        source.onNext(1)
        source.onCompleted()
        relay.accept(2)
        XCTAssertEqual(events, [.next(0), .next(1), .next(2)])
        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.verb), ["subscribe"])
    }

    func testAnErrorReachingARelayBindingIsRecordedNotForwarded() {
        let source = PublishSubject<Int>()
        let relay = PublishRelay<Int>()
        var events: [Event<Int>] = []
        let bag = DisposeBag()
        relay.subscribe { events.append($0) }.disposed(by: bag)
        let line: UInt = #line + 1
        _ = source.bind(to: relay)
        source.onNext(1)
        source.onError(BindTestError.boom)
        relay.accept(2)
        XCTAssertEqual(events, [.next(1), .next(2)])
        XCTAssertEqual(Resources.diagnostics.map(\.kind), [.bindingError])
        XCTAssertEqual(Resources.diagnostics.first?.resource, "PublishSubject<Int> → bind")
        XCTAssertEqual(Resources.diagnostics.first?.site?.line, line)
    }

    func testBindOnNextCallsTheClosureAndRecordsAnError() {
        let source = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = source.bind(onNext: { received.append($0) })
        source.onNext(1)
        source.onError(BindTestError.boom)
        XCTAssertEqual(received, [1])
        XCTAssertEqual(Resources.diagnostics.map(\.kind), [.bindingError])
        XCTAssertTrue(subscription is Cancelable && (subscription as! Cancelable).isDisposed)
    }

    func testBindWithHoldsTheObjectWeakly() {
        final class Model { var values: [Int] = [] }
        let source = PublishSubject<Int>()
        var model: Model? = Model()
        weak let watched = model
        let bag = DisposeBag()
        source.bind(with: model!) { model, value in model.values.append(value) }.disposed(by: bag)
        source.onNext(1)
        XCTAssertEqual(model?.values, [1])
        model = nil
        XCTAssertNil(watched, "the binding does not keep the object alive")
        source.onNext(2)
    }

    func testCurriedBindHandsTheSequenceToTheBinder() {
        let source = PublishSubject<Int>()
        var received: [Int] = []
        let doubled: (PublishSubject<Int>) -> Disposable = { sequence in
            sequence.subscribe(onNext: { received.append($0 * 2) })
        }
        let scaled: (PublishSubject<Int>) -> (Int) -> Disposable = { sequence in
            { factor in sequence.subscribe(onNext: { received.append($0 * factor) }) }
        }
        let first = source.bind(to: doubled)
        let second = source.bind(to: scaled, curriedArgument: 10)
        source.onNext(1)
        XCTAssertEqual(received, [2, 10])
        first.dispose()
        second.dispose()
    }
}
