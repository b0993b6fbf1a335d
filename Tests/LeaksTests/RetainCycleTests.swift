import Leaks
import RxCore
import XCTest

// Purpose-built shapes from the retain-cycle issue: every way a closure handed
// to RxCore can hold its owner, and the fixes that must come out clean.

private final class Interactor {
    let events = PublishSubject<Int>()
}

private final class Presenter {
    let disposeBag = DisposeBag()
    let interactor = Interactor()
    var total = 0

    func add(_ value: Int) { total += value }
    func doWork(model: Int) -> Observable<Int> { .just(model) }

    func subscribeWithStrongSelf() {
        interactor.events.subscribe(onNext: { self.add($0) }).disposed(by: disposeBag)
    }

    func subscribeWithMethodValue() {
        interactor.events.subscribe(onNext: add).disposed(by: disposeBag)
    }

    func flatMapMethodReference() {
        interactor.events.flatMap(doWork(model:)).subscribe().disposed(by: disposeBag)
    }

    func flatMapStaticFunction() {
        interactor.events.flatMap(Presenter.work(model:)).subscribe().disposed(by: disposeBag)
    }

    static func work(model: Int) -> Observable<Int> { .just(model) }

    func subscribeWeakly() {
        interactor.events.subscribe(onNext: { [weak self] in self?.add($0) }).disposed(by: disposeBag)
    }

    func subscribeUnowned() {
        interactor.events.subscribe(onNext: { [unowned self] in self.add($0) }).disposed(by: disposeBag)
    }

    func subscribeThroughCapturedVar() {
        var holder = self
        interactor.events.subscribe(onNext: { holder.add($0) }).disposed(by: disposeBag)
        holder = self
    }
}

private final class Wireframe {
    var presenter: Presenter?
}

private final class View {
    var shown: [Int] = []
}

/// `[weak view, interactor]`: the interactor is captured strongly, and its
/// own subject holds the closure.
private final class ListInteractor {
    let events = PublishSubject<Int>()
    let disposeBag = DisposeBag()
    var loaded = 0

    func bind(to view: View) {
        events.subscribe(onNext: { [weak view, interactor = self] value in
            view?.shown.append(value)
            interactor.loaded += 1
        }).disposed(by: disposeBag)
    }
}

private class BasePresenter {
    let disposeBag = DisposeBag()
}

private final class DerivedPresenter: BasePresenter {
    let events = PublishSubject<Int>()
    var count = 0

    func configure() {
        events.map { $0 * 2 }.subscribe(onNext: { self.count += $0 }).disposed(by: disposeBag)
    }
}

private protocol EventSink: AnyObject {}
private final class ExistentialHolder: EventSink {
    let events = PublishSubject<Int>()
    let bag = DisposeBag()
}

private final class Owner {
    var sink: (any EventSink)?
    var bags: [DisposeBag] = []
    var bagsByName: [String: DisposeBag] = [:]
    let events = PublishSubject<Int>()
}

final class RetainCycleTests: XCTestCase {
    private func leakOf(_ name: String = #function, _ body: (LeakScope) -> Void) throws -> Leak {
        let report = LeakCheck.run(name) { scope in body(scope) }
        return try XCTUnwrap(report.leaks.first, report.description)
    }

    private func assertCycle(
        _ leak: Leak, passesThrough names: [String], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(leak.kind, .cycle, leak.description, file: file, line: line)
        let shown = leak.cycle?.description ?? ""
        for name in names {
            XCTAssertTrue(shown.contains(name), "cycle lacks \(name):\n\(shown)", file: file, line: line)
        }
    }

    func testStrongSelfInAClosure() throws {
        let leak = try leakOf { scope in
            let presenter = Presenter()
            scope.track(presenter)
            presenter.subscribeWithStrongSelf()
            breakCycleAfterTest(through: presenter.interactor.events)
        }
        XCTAssertEqual(leak.typeName, "Presenter")
        // A subject holds its observers; the subscription's disposable only
        // refers back to the subject weakly, as in RxSwift.
        assertCycle(
            leak,
            passesThrough: [
                "Presenter", "─interactor→ Interactor", "─events→ PublishSubject", "─observer→",
                "closure given to subscribe(onNext:) at RetainCycleTests.swift:21",
                "captures (strong)→ Presenter",
            ])
        XCTAssertEqual(leak.pattern?.id, "closure-strong-self")
        XCTAssertTrue(leak.cycle?.edges.contains { $0.site == "RetainCycleTests.swift:21" } ?? false)
    }

    /// A closure handed over before the check began is not in the check's own
    /// record; its observer refers to the subscription, whose recorded site names it.
    func testClosureHandedOverBeforeTheCheckIsNamedByItsSubscriptionsSite() throws {
        let presenter = Presenter()
        presenter.subscribeWithStrongSelf()
        breakCycleAfterTest(through: presenter.interactor.events)
        // Held by this test's variable too, so not reported as a cycle alone.
        let leak = try leakOf { scope in scope.track(presenter) }
        XCTAssertTrue(leak.cycle?.edges.contains { $0.site == "RetainCycleTests.swift:21" } ?? false, leak.description)
    }

    /// Only a library's own objects lend a referenced object's site to their
    /// closures: a user object's closure is not named by the `map` it holds.
    func testAUserObjectsClosureIsNotNamedByTheSiteOfAnOperatorItHolds() throws {
        final class Holder {
            let mapped = PublishSubject<Int>().map { $0 + 1 }
            var callback: (() -> Void)?
        }
        let holder = Holder()
        holder.callback = { _ = holder }
        addTeardownBlock { holder.callback = nil }
        let leak = try leakOf { scope in scope.track(holder) }
        let callbackEdges = leak.cycle?.edges.filter { $0.label.contains("callback") } ?? []
        XCTAssertFalse(callbackEdges.isEmpty, leak.description)
        XCTAssertTrue(callbackEdges.allSatisfy { $0.site == nil }, leak.description)
    }

    /// A producer shared by several operators keeps an operator's closures and
    /// site in one struct (`UnaryProducer.parameters`, `BinaryProducer.parameters`):
    /// a closure handed over before the check began is named by the site kept beside it there.
    func testAnOperatorsClosureHandedOverBeforeTheCheckIsNamedByTheSiteItsProducerKeeps() throws {
        let line = #line + 2
        try assertProducerEdges(named: "Do.", haveSiteAt: line) { holder in
            PublishSubject<Int>().do(onNext: { _ in _ = holder })
        }
        let pairLine = #line + 2
        try assertProducerEdges(named: "WithLatestFrom.", haveSiteAt: pairLine) { holder in
            PublishSubject<Int>().withLatestFrom(PublishSubject<Int>()) { first, _ in
                _ = holder; return first
            }
        }
    }

    private func assertProducerEdges(
        named prefix: String, haveSiteAt line: Int, file: StaticString = #filePath, sourceLine: UInt = #line,
        _ make: (AnyObject) -> Observable<Int>
    ) throws {
        final class Holder {
            var kept: Observable<Int>?
        }
        let holder = Holder()
        holder.kept = make(holder)
        defer { holder.kept = nil }
        let leak = try leakOf { scope in scope.track(holder) }
        let producerEdges = leak.cycle?.edges.filter { $0.label.hasPrefix(prefix) } ?? []
        XCTAssertFalse(producerEdges.isEmpty, leak.description, file: file, line: sourceLine)
        XCTAssertTrue(
            producerEdges.allSatisfy { $0.site == "RetainCycleTests.swift:\(line)" }, leak.description, file: file,
            line: sourceLine)
    }

    func testMethodValueCapturesSelf() throws {
        let leak = try leakOf { scope in
            let presenter = Presenter()
            scope.track(presenter)
            presenter.subscribeWithMethodValue()
            breakCycleAfterTest(through: presenter.interactor.events)
        }
        assertCycle(leak, passesThrough: ["closure given to subscribe(onNext:) at RetainCycleTests.swift:25"])
        XCTAssertEqual(leak.pattern?.id, "method-reference-implicit-self")
    }

    func testMethodReferenceInFlatMap() throws {
        let leak = try leakOf { scope in
            let presenter = Presenter()
            scope.track(presenter)
            presenter.flatMapMethodReference()
            breakCycleAfterTest(through: presenter.interactor.events)
        }
        assertCycle(
            leak,
            passesThrough: [
                "─disposeBag→ DisposeBag", "─holds→ subscription #",
                "(PublishSubject<Int> → flatMap → subscribe, RetainCycleTests.swift:29)",
                "FlatMapSink.selector→ closure given to flatMap at RetainCycleTests.swift:29",
                "captures (strong)→ Presenter",
            ])
        XCTAssertEqual(leak.pattern?.id, "method-reference-implicit-self")
        XCTAssertTrue(
            leak.pattern?.detail?.contains("flatMapMethodReference()") ?? false,
            leak.pattern?.description ?? "no pattern")
    }

    /// `concatMap` and `flatMapLatest` run on the sinks of `merge(maxConcurrent:)`
    /// and `switchLatest()`: the report still names each sink by its operator,
    /// with the site where the closure was handed over.
    func testConcatMapAndFlatMapLatestSinksAreNamedByTheirOperator() throws {
        let line = #line
        let operators: [(sink: String, operator: String, apply: (Presenter) -> Observable<Int>)] = [
            ("ConcatMapSink", "concatMap", { $0.interactor.events.concatMap($0.doWork(model:)) }),
            ("FlatMapLatestSink", "flatMapLatest", { $0.interactor.events.flatMapLatest($0.doWork(model:)) }),
        ]
        for (offset, entry) in operators.enumerated() {
            let leak = try leakOf { scope in
                let presenter = Presenter()
                scope.track(presenter)
                entry.apply(presenter).subscribe().disposed(by: presenter.disposeBag)
                breakCycleAfterTest(through: presenter.interactor.events)
            }
            assertCycle(
                leak,
                passesThrough: [
                    "─upstream→ \(entry.sink)",
                    "\(entry.sink).selector→ closure given to \(entry.operator) at RetainCycleTests.swift:\(line + 2 + offset)",
                    "captures (strong)→ Presenter",
                ])
        }
    }

    func testStaticFunctionIsClean() {
        let report = LeakCheck.run { scope in
            let presenter = Presenter()
            scope.track(presenter)
            presenter.flatMapStaticFunction()
        }
        XCTAssertTrue(report.isClean, report.description)
    }

    func testWeakAndUnownedSelfAreClean() {
        for configure in [Presenter.subscribeWeakly, Presenter.subscribeUnowned] {
            let report = LeakCheck.run { scope in
                let presenter = Presenter()
                scope.track(presenter)
                configure(presenter)()
            }
            XCTAssertTrue(report.isClean, report.description)
        }
    }

    func testWeakCaptureBesideAStrongOne() throws {
        let leak = try leakOf { scope in
            let interactor = ListInteractor()
            scope.track(interactor)
            let view = View()
            interactor.bind(to: view)
            breakCycleAfterTest(through: interactor.events)
        }
        XCTAssertEqual(leak.typeName, "ListInteractor")
        assertCycle(leak, passesThrough: ["ListInteractor", "PublishSubject"])
        XCTAssertEqual(leak.pattern?.id, "capture-list-missing-modifier")
    }

    func testClosureCapturingAnotherObjectThatHoldsTheRoot() throws {
        let leak = try leakOf { scope in
            let presenter = Presenter()
            let wireframe = Wireframe()
            wireframe.presenter = presenter
            scope.track(presenter)
            presenter.interactor.events.subscribe(onNext: { _ in _ = wireframe }).disposed(by: presenter.disposeBag)
            breakCycleAfterTest(through: presenter.interactor.events)
        }
        assertCycle(leak, passesThrough: ["Wireframe", "presenter", "Presenter"])
    }

    func testCapturedLocalVarHoldingTheRoot() throws {
        let leak = try leakOf { scope in
            let presenter = Presenter()
            scope.track(presenter)
            presenter.subscribeThroughCapturedVar()
            breakCycleAfterTest(through: presenter.interactor.events)
        }
        assertCycle(leak, passesThrough: ["Presenter", "─events→ PublishSubject", "AnonymousObserver.handler"])
    }

    func testGenericSinkAndSuperclassField() throws {
        let leak = try leakOf { scope in
            let presenter = DerivedPresenter()
            scope.track(presenter)
            presenter.configure()
            breakCycleAfterTest(through: presenter.events)
        }
        XCTAssertEqual(leak.typeName, "DerivedPresenter")
        assertCycle(leak, passesThrough: ["─disposeBag→ DisposeBag", "DerivedPresenter"])
    }

    func testProtocolExistentialField() throws {
        let leak = try leakOf { scope in
            let owner = Owner()
            let holder = ExistentialHolder()
            owner.sink = holder
            scope.track(owner)
            holder.events.subscribe(onNext: { _ in _ = owner }).disposed(by: holder.bag)
            breakCycleAfterTest(through: holder.events)
        }
        assertCycle(leak, passesThrough: ["Owner", "sink", "ExistentialHolder"])
    }

    func testObjectHeldInsideAnArrayAndADictionary() throws {
        let arrayLeak = try leakOf { scope in
            let owner = Owner()
            let bag = DisposeBag()
            owner.bags.append(bag)
            scope.track(owner)
            owner.events.map { $0 }.subscribe(onNext: { _ in _ = owner }).disposed(by: bag)
            breakCycleAfterTest(through: owner.events)
        }
        assertCycle(arrayLeak, passesThrough: ["─bags[0]→ DisposeBag", "─holds→ subscription #"])

        let dictionaryLeak = try leakOf { scope in
            let owner = Owner()
            let bag = DisposeBag()
            owner.bagsByName["main"] = bag
            scope.track(owner)
            owner.events.map { $0 }.subscribe(onNext: { _ in _ = owner }).disposed(by: bag)
            breakCycleAfterTest(through: owner.events)
        }
        assertCycle(dictionaryLeak, passesThrough: ["─bagsByName[main]→ DisposeBag", "─holds→ subscription #"])
    }

    func testObjectFoundByAutomaticTrackingAlone() throws {
        let report = LeakCheck.run { _ in
            let presenter = Presenter()
            presenter.subscribeWithStrongSelf()
            breakCycleAfterTest(through: presenter.interactor.events)
        }
        let leak = try XCTUnwrap(report.leaks.first { $0.typeName == "Presenter" }, report.description)
        XCTAssertEqual(leak.trackedAt.origin, .closureCapture)
        XCTAssertEqual(leak.trackedAt.operatorName, "subscribe(onNext:)")
        XCTAssertEqual(leak.trackedAt.line, 21)
        XCTAssertEqual(leak.kind, .cycle)
    }

    func testRetainedFromOutsideWhenAGlobalHoldsTheObject() throws {
        let leak = try leakOf { scope in
            let presenter = Presenter()
            scope.track(presenter)
            Self.longLived.append(presenter)
        }
        XCTAssertEqual(leak.kind, .retainedFromOutside)
        XCTAssertNil(leak.cycle)
    }

    nonisolated(unsafe) private static var longLived: [Presenter] = []
}
