#if Lint
import LeakLint
import XCTest

/// `rxleaks lint --fix`: each rewrite's exact output, and the findings left with their reasons.
final class FixTests: XCTestCase {
    private func fixed(_ source: String) throws -> FileFix {
        try Linter().fix(source: source, path: "Test.swift").get()
    }

    func testAStrongSelfInASubscriptionGetsWeakSelfAndAGuard() throws {
        let fix = try fixed(
            """
            final class ProfileViewModel {
                let disposeBag = DisposeBag()
                var title = ""
                func bind(_ names: Observable<String>) {
                    names.subscribe(onNext: { self.title = $0 }).disposed(by: disposeBag)
                    names.subscribe(onNext: { name in
                        // The title follows the name.
                        self.title = name
                    }).disposed(by: disposeBag)
                    names.subscribe(onNext: { [self] name in self.show(name) }).disposed(by: disposeBag)
                    names.subscribe(onNext: {
                        self.title = $0
                    }).disposed(by: disposeBag)
                }
            }
            """)
        XCTAssertEqual(
            fix.fixed,
            """
            final class ProfileViewModel {
                let disposeBag = DisposeBag()
                var title = ""
                func bind(_ names: Observable<String>) {
                    names.subscribe(onNext: { [weak self] in guard let self else { return }; self.title = $0 }).disposed(by: disposeBag)
                    names.subscribe(onNext: { [weak self] name in
                        // The title follows the name.
                        guard let self else { return }
                        self.title = name
                    }).disposed(by: disposeBag)
                    names.subscribe(onNext: { [weak self] name in guard let self else { return }; self.show(name) }).disposed(by: disposeBag)
                    names.subscribe(onNext: { [weak self] in
                        guard let self else { return }
                        self.title = $0
                    }).disposed(by: disposeBag)
                }
            }
            """)
        XCTAssertEqual(fix.fixedFindings.map(\.line), [5, 8, 10, 12])
        XCTAssertEqual(fix.unfixed.map(\.finding.line), [])
        XCTAssertEqual(
            Linter().lint(source: fix.fixed, path: "Test.swift").findings.map(\.rule), [], "the fix leaves no finding")
    }

    func testAClosureThatReturnsAValueGetsUnownedSelfOnlyWithTheObjectsOwnBag() throws {
        let fix = try fixed(
            """
            final class SearchViewModel {
                let disposeBag = DisposeBag()
                func bind(_ queries: Observable<String>, api: SearchAPI, bag: DisposeBag) {
                    queries.flatMap { self.search($0) }.subscribe().disposed(by: disposeBag)
                    queries.flatMap { [self] query in self.search(query) }.subscribe().disposed(by: bag)
                }
            }
            """)
        XCTAssertEqual(
            fix.fixed,
            """
            final class SearchViewModel {
                let disposeBag = DisposeBag()
                func bind(_ queries: Observable<String>, api: SearchAPI, bag: DisposeBag) {
                    queries.flatMap { [unowned self] in self.search($0) }.subscribe().disposed(by: disposeBag)
                    queries.flatMap { [self] query in self.search(query) }.subscribe().disposed(by: bag)
                }
            }
            """)
        XCTAssertEqual(fix.unfixed.map(\.finding.line), [5])
        XCTAssertTrue(fix.unfixed.first?.reason.hasPrefix("the closure returns a value") ?? false)
    }

    /// A closure that returns a value and reads only strong `let` properties through `self` gets copies of
    /// them; one reading a `var` or an `unowned let`, or naming a copy's name already, is left with why.
    func testAClosureThatReturnsAValueAndReadsOnlyLetPropertiesCopiesThem() throws {
        let fix = try fixed(
            """
            final class CounterViewModel {
                private let step: Int
                private let prefix = "#"
                private var total = 0
                unowned let owner: Owner
                func transform(_ taps: Observable<Void>) -> Observable<Int> {
                    taps.scan(0) { total, _ in total + self.step * self.step }
                }
                func labels(_ taps: Observable<Int>) -> Observable<String> {
                    taps.map { self.prefix + "\\($0)" }
                }
                func running(_ taps: Observable<Int>) -> Observable<Int> {
                    taps.map { $0 + self.total }
                }
                func owners(_ taps: Observable<Int>) -> Observable<Owner> {
                    taps.map { _ in self.owner }
                }
                func shadowed(_ taps: Observable<Int>, step: Int) -> Observable<Int> {
                    taps.map { $0 * step + self.step }
                }
            }
            """)
        XCTAssertEqual(
            fix.fixed,
            """
            final class CounterViewModel {
                private let step: Int
                private let prefix = "#"
                private var total = 0
                unowned let owner: Owner
                func transform(_ taps: Observable<Void>) -> Observable<Int> {
                    taps.scan(0) { [step = self.step] total, _ in total + step * step }
                }
                func labels(_ taps: Observable<Int>) -> Observable<String> {
                    taps.map { [prefix = self.prefix] in prefix + "\\($0)" }
                }
                func running(_ taps: Observable<Int>) -> Observable<Int> {
                    taps.map { $0 + self.total }
                }
                func owners(_ taps: Observable<Int>) -> Observable<Owner> {
                    taps.map { _ in self.owner }
                }
                func shadowed(_ taps: Observable<Int>, step: Int) -> Observable<Int> {
                    taps.map { $0 * step + self.step }
                }
            }
            """)
        XCTAssertEqual(fix.fixedFindings.map(\.line), [7, 10])
        XCTAssertEqual(fix.unfixed.map(\.finding.line), [13, 16, 19])
        XCTAssertEqual(
            Set(fix.unfixed.map(\.reason)),
            [
                "the closure returns a value and needs self for more than its let properties: [weak self] needs a "
                    + "value for when self is gone, and [unowned self] is safe only when the object's own bag "
                    + "disposes the subscription"
            ])
        XCTAssertEqual(
            Linter().lint(source: fix.fixed, path: "Test.swift").findings.map(\.line), [13, 16, 19],
            "the copies leave no finding")
    }

    func testAThrownAwayDisposableGoesIntoTheClassesOwnBag() throws {
        let fix = try fixed(
            """
            final class UploadPresenter {
                private let bag = DisposeBag()
                func start(_ progress: Observable<Int>) {
                    _ = progress.subscribe(onNext: { [weak self] in self?.show($0) })
                }
            }

            struct Logger {
                func start(_ progress: Observable<Int>) {
                    _ = progress.subscribe(onNext: { print($0) })
                }
            }
            """)
        XCTAssertEqual(
            fix.fixed,
            """
            final class UploadPresenter {
                private let bag = DisposeBag()
                func start(_ progress: Observable<Int>) {
                    progress.subscribe(onNext: { [weak self] in self?.show($0) }).disposed(by: bag)
                }
            }

            struct Logger {
                func start(_ progress: Observable<Int>) {
                    _ = progress.subscribe(onNext: { print($0) })
                }
            }
            """)
        XCTAssertEqual(fix.unfixed.map(\.finding.line), [10])
        XCTAssertEqual(fix.unfixed.first?.reason, "the enclosing class has no DisposeBag of its own to dispose it into")
    }

    /// A method that uses no instance state becomes `static`; one that does is called from a `[weak self]`
    /// closure that falls back on the sequence's empty value; one returning a `Single` (no empty value) is left.
    func testAMethodReferenceBecomesAStaticMethodOrAWeakClosure() throws {
        let fix = try fixed(
            """
            final class ProfilePresenter {
                let selectedID = PublishSubject<Int>()
                let query = PublishSubject<String>()
                private(set) var shown: [Profile] = []
                private let api: ProfileAPI
                private let disposeBag = DisposeBag()

                func configure() {
                    selectedID
                        .flatMap(load(id:))
                        .subscribe(onNext: show)
                        .disposed(by: disposeBag)
                    query.flatMapLatest(search).subscribe().disposed(by: disposeBag)
                    selectedID.flatMap(self.named).subscribe().disposed(by: disposeBag)
                }

                private func load(id: Int) -> Observable<Profile> {
                    .just(Profile(name: "user \\(id)"))
                }

                func show(_ profile: Profile) { shown.append(profile) }
                private func search(_ text: String) -> Observable<[Profile]> { api.search(text) }
                private func named(_ id: Int) -> Single<String> { api.name(of: id) }
            }
            """)
        XCTAssertEqual(
            fix.fixed,
            """
            final class ProfilePresenter {
                let selectedID = PublishSubject<Int>()
                let query = PublishSubject<String>()
                private(set) var shown: [Profile] = []
                private let api: ProfileAPI
                private let disposeBag = DisposeBag()

                func configure() {
                    selectedID
                        .flatMap(ProfilePresenter.load(id:))
                        .subscribe(onNext: { [weak self] profile in self?.show(profile) })
                        .disposed(by: disposeBag)
                    query.flatMapLatest { [weak self] text in self?.search(text) ?? .empty() }.subscribe().disposed(by: disposeBag)
                    selectedID.flatMap(self.named).subscribe().disposed(by: disposeBag)
                }

                private static func load(id: Int) -> Observable<Profile> {
                    .just(Profile(name: "user \\(id)"))
                }

                func show(_ profile: Profile) { shown.append(profile) }
                private func search(_ text: String) -> Observable<[Profile]> { api.search(text) }
                private func named(_ id: Int) -> Single<String> { api.name(of: id) }
            }
            """)
        XCTAssertEqual(fix.fixedFindings.map(\.line), [10, 11, 13])
        XCTAssertEqual(fix.unfixed.map(\.finding.line), [14])
        XCTAssertTrue(fix.unfixed.first?.reason.hasPrefix("the method returns a value that has no empty case") ?? false)
    }

    func testABagHandedToAnotherObjectIsReportedAsADesignChange() throws {
        let source = """
            final class ListViewController {
                let disposeBag = DisposeBag()
                func open(_ router: Router) {
                    router.showDetail(disposeBag: disposeBag)
                }
            }
            """
        let fix = try fixed(source)
        XCTAssertEqual(fix.fixed, source)
        XCTAssertEqual(fix.unfixed.map(\.finding.rule), ["dispose-bag-sent-to-another-object"])
        XCTAssertTrue(fix.unfixed.first?.reason.hasPrefix("a design change") ?? false)
    }

    /// The plain-Swift kinds a leak report names by their holding reference: each rewrite's exact text.
    func testAHeldReferenceGetsWeakVarOrWeakSelfChosenByWhatHoldsIt() throws {
        let source = """
            final class ChartView {
                var delegate: ChartViewDelegate?
                let renderer = Renderer()
            }

            final class NoteEditor {
                var onSave: (() -> Void)?
                init() {
                    onSave = { self.saves += 1 }
                }
            }

            final class ChangeCounter {
                private var task: Task<Void, Never>?
                init(feed: AsyncStream<Int>) {
                    task = Task {
                        for await change in feed {
                            self.count += change
                        }
                    }
                }
            }

            final class AutoSaver {
                private var pending: DispatchWorkItem?
                func scheduleSave() {
                    pending = DispatchWorkItem { self.save() }
                }
            }

            final class QueuedSaver {
                private var pending: DispatchWorkItem?
                func scheduleSave() {
                    let item = DispatchWorkItem { self.save() }
                    pending = item
                    DispatchQueue.main.asyncAfter(deadline: .now() + 60, execute: item)
                }
            }
            """
        func rewrite(_ reference: HeldReference) -> String? {
            switch HeldReferenceRewrite.edits(for: reference, source: source, path: "Test.swift") {
            case .success(let edits): source.applying(edits)
            case .failure(let unfixable): unfixable.reason
            case nil: nil
            }
        }
        func changedLines(_ reference: HeldReference) -> [String] {
            let old = Set(source.split(separator: "\n", omittingEmptySubsequences: false))
            return (rewrite(reference) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !old.contains($0) }.map(String.init)
        }
        XCTAssertEqual(
            changedLines(.property(type: "ChartView", name: "delegate")), ["    weak var delegate: ChartViewDelegate?"])
        XCTAssertEqual(
            changedLines(.property(type: "NoteEditor", name: "onSave")),
            ["        onSave = { [weak self] in guard let self else { return }; self.saves += 1 }"])
        XCTAssertEqual(
            changedLines(.closureAt(type: "NoteEditor", file: "Test.swift", line: 9)),
            ["        onSave = { [weak self] in guard let self else { return }; self.saves += 1 }"])
        XCTAssertNil(rewrite(.closureAt(type: "NoteEditor", file: "Other.swift", line: 9)), "another file's line")
        XCTAssertEqual(
            changedLines(.closureKept(type: "ChangeCounter", property: "task")),
            [
                "        task = Task { [weak self] in",
                "                guard let self else { return }",
                "    deinit { task?.cancel() }",
            ])
        let task = try XCTUnwrap(rewrite(.closureKept(type: "ChangeCounter", property: "task")))
        XCTAssertTrue(
            task.contains(
                """
                        }
                    }

                    deinit { task?.cancel() }
                }
                """), task)
        XCTAssertEqual(
            changedLines(.closureKept(type: "AutoSaver", property: "pending")),
            ["        pending = DispatchWorkItem { [weak self] in guard let self else { return }; self.save() }"])
        XCTAssertEqual(
            changedLines(.closureKept(type: "QueuedSaver", property: "pending")),
            ["        let item = DispatchWorkItem { [weak self] in guard let self else { return }; self.save() }"],
            "a work item kept in a local first")
        XCTAssertEqual(
            rewrite(.property(type: "ChartView", name: "renderer")),
            "it is a let the object sets up itself, not a back reference: the other side of the cycle is the one to break"
        )
        XCTAssertNil(rewrite(.property(type: "Elsewhere", name: "delegate")), "a class this file does not declare")
    }

    /// A task made in `Observable.create` that runs on after dispose: kept in a local (or the one it is kept in)
    /// and cancelled by the disposable the closure returns, whatever the class; any other disposable, or a
    /// task made in a closure that returns none, is left with why.
    func testATaskMadeWhileSubscribingIsCancelledByTheDisposable() throws {
        let source = """
            enum Ticks {
                static func plain() -> Observable<Int> {
                    Observable.create { observer in
                        Task {
                            while !Task.isCancelled { observer.onNext(1) }
                        }
                        return Disposables.create()
                    }
                }

                static func kept(_ log: Log) -> Observable<Int> {
                    Observable.create { observer in
                        let ticking = Task { observer.onNext(1) }
                        if log.isOn { return Disposables.create { log.end() } }
                        return Disposables.create()
                    }
                }

                static func composite(_ other: Disposable) -> Observable<Int> {
                    Observable.create { observer in
                        Task { observer.onNext(1) }
                        return other
                    }
                }

                static func nested() -> Observable<Int> {
                    Observable.create { observer in
                        DispatchQueue.main.async { Task { observer.onNext(1) } }
                        return Disposables.create()
                    }
                }
            }
            """
        func rewrite(line: Int, file: String = "Test.swift") -> String? {
            let reference = HeldReference.subscriptionTask(file: file, line: line)
            switch HeldReferenceRewrite.edits(for: reference, source: source, path: "Sources/App/Test.swift") {
            case .success(let edits): return source.applying(edits)
            case .failure(let unfixable): return unfixable.reason
            case nil: return nil
            }
        }
        XCTAssertEqual(
            rewrite(line: 4),
            source.replacingOccurrences(of: "            Task {\n", with: "            let task = Task {\n")
                .replacingOccurrences(
                    of: "            return Disposables.create()\n        }\n    }\n\n    static func kept",
                    with:
                        "            return Disposables.create { task.cancel() }\n        }\n    }\n\n    static func kept"
                ))
        XCTAssertEqual(rewrite(line: 5), rewrite(line: 4), "a line of the task's closure")
        XCTAssertEqual(
            rewrite(line: 13),
            source.replacingOccurrences(
                of:
                    "if log.isOn { return Disposables.create { log.end() } }\n            return Disposables.create()\n",
                with: "if log.isOn { return Disposables.create { ticking.cancel(); log.end() } }\n"
                    + "            return Disposables.create { ticking.cancel() }\n"))
        XCTAssertEqual(rewrite(line: 21), "the closure returns other: cancel the task in it")
        XCTAssertEqual(
            rewrite(line: 28),
            "the task is made in a closure that returns no disposable: keep it where one can cancel it")
        XCTAssertEqual(rewrite(line: 2), "no Task is made on line 2")
        XCTAssertNil(rewrite(line: 4, file: "Other.swift"), "another file's line")
    }

    /// A notification observer block gets `[weak self]`, and its observer is removed in `deinit`: from the
    /// property its token is stored in, or from a new one when the token was thrown away.
    func testAnObserverBlockGetsWeakSelfAndItsObserverRemovedInDeinit() throws {
        let source = """
            final class ThemeObserver {
                private var token: NSObjectProtocol?
                init() {
                    token = NotificationCenter.default.addObserver(forName: .themeChanged, object: nil, queue: nil) { _ in
                        self.changes += 1
                    }
                }
            }

            final class FontObserver {
                /// Font changes seen.
                var changes = 0
                init() {
                    _ = NotificationCenter.default.addObserver(forName: .fontChanged, object: nil, queue: nil) { _ in self.changes += 1 }
                }

                deinit { print("gone") }
            }

            final class LayoutObserver {
                let center: NotificationCenter
                init(center: NotificationCenter) {
                    self.center = center
                    center.addObserver(forName: .layoutChanged, object: nil, queue: .main) { _ in self.relayout() }
                }
            }

            final class InjectedObserver {
                var changes = 0
                init(center: NotificationCenter = .default) {
                    _ = center.addObserver(forName: .sizeChanged, object: nil, queue: nil) { _ in self.changes += 1 }
                }
            }
            """
        func rewrite(_ type: String, line: Int? = nil) -> String {
            let reference = HeldReference.observerBlock(type: type, file: line.map { _ in "Test.swift" }, line: line)
            switch HeldReferenceRewrite.edits(for: reference, source: source, path: "Test.swift") {
            case .success(let edits): return source.applying(edits)
            case .failure(let unfixable): return unfixable.reason
            case nil: return "not declared"
            }
        }
        XCTAssertEqual(
            rewrite("ThemeObserver", line: 4),
            source.replacingOccurrences(
                of: "queue: nil) { _ in\n            self.changes += 1\n        }\n    }\n}\n",
                with: "queue: nil) { [weak self] _ in\n            guard let self else { return }\n"
                    + "            self.changes += 1\n        }\n    }\n\n"
                    + "    deinit { if let token { NotificationCenter.default.removeObserver(token) } }\n}\n"))
        XCTAssertEqual(rewrite("ThemeObserver"), rewrite("ThemeObserver", line: 4), "with no site, the class's block")
        XCTAssertEqual(rewrite("ThemeObserver", line: 5), rewrite("ThemeObserver", line: 4), "a line of the block")
        XCTAssertEqual(
            rewrite("ThemeObserver", line: 3), "no block capturing self is given to addObserver in ThemeObserver")
        XCTAssertEqual(
            rewrite("FontObserver"),
            source.replacingOccurrences(
                of: "final class FontObserver {\n",
                with: "final class FontObserver {\n    private var observation: NSObjectProtocol?\n"
            ).replacingOccurrences(
                of:
                    "        _ = NotificationCenter.default.addObserver(forName: .fontChanged, object: nil, queue: nil) { _ in ",
                with:
                    "        observation = NotificationCenter.default.addObserver(forName: .fontChanged, object: nil, queue: nil) "
                    + "{ [weak self] _ in guard let self else { return }; "
            ).replacingOccurrences(
                of: "deinit { print",
                with: "deinit { if let observation { NotificationCenter.default.removeObserver(observation) }; print"))
        XCTAssertEqual(
            rewrite("LayoutObserver"),
            source.replacingOccurrences(
                of: "final class LayoutObserver {\n",
                with: "final class LayoutObserver {\n    private var observation: NSObjectProtocol?\n"
            ).replacingOccurrences(
                of:
                    "        center.addObserver(forName: .layoutChanged, object: nil, queue: .main) { _ in self.relayout() }\n    }\n",
                with: "        observation = center.addObserver(forName: .layoutChanged, object: nil, queue: .main) "
                    + "{ [weak self] _ in guard let self else { return }; self.relayout() }\n    }\n\n"
                    + "    deinit { if let observation { center.removeObserver(observation) } }\n"))
        XCTAssertEqual(
            rewrite("InjectedObserver"),
            source.replacingOccurrences(
                of: "final class InjectedObserver {\n",
                with: "final class InjectedObserver {\n    private let center: NotificationCenter\n"
                    + "    private var observation: NSObjectProtocol?\n"
            ).replacingOccurrences(
                of:
                    "        _ = center.addObserver(forName: .sizeChanged, object: nil, queue: nil) { _ in self.changes += 1 }\n"
                    + "    }\n",
                with: "        self.center = center\n"
                    + "        observation = center.addObserver(forName: .sizeChanged, object: nil, queue: nil) "
                    + "{ [weak self] _ in guard let self else { return }; self.changes += 1 }\n    }\n\n"
                    + "    deinit { if let observation { center.removeObserver(observation) } }\n"),
            "a center the initializer is given is kept in a property")
    }

    func testASuppressedFindingIsNotFixed() throws {
        let source = """
            final class Clock {
                let disposeBag = DisposeBag()
                var now = 0
                func start(_ ticks: Observable<Int>) {
                    // rxleaks:ignore closure-strong-self -- the clock lives as long as the app
                    ticks.subscribe(onNext: { self.now = $0 }).disposed(by: disposeBag)
                }
            }
            """
        let fix = try fixed(source)
        XCTAssertEqual(fix.fixed, source)
        XCTAssertEqual(fix.fixedFindings.count, 0)
    }

    func testAFileThatDoesNotParseIsNotFixed() {
        XCTAssertThrowsError(try Linter().fix(source: "final class A { func f( }", path: "Test.swift").get())
    }

    func testTheDiffShowsEachChangedLineWithItsContext() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\nline 5b\n")
        XCTAssertEqual(
            UnifiedDiff.between(old, new, path: "A.swift"),
            """
            --- a/A.swift
            +++ b/A.swift
            @@ -2,7 +2,8 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
            +line 5b
             line 6
             line 7
             line 8

            """)
        XCTAssertEqual(UnifiedDiff.between(old, old, path: "A.swift"), "")
    }

    /// A bag captured by a closure of a subscription it holds: the inner subscriptions go into the object's own
    /// bag through `guard let self`, two lines; a nested closure that read the outer `self?` keeps a weak one.
    /// With no bag of its own, or a closure holding self strongly, it is left with why.
    func testABagCapturedByItsOwnSubscriptionGoesToTheObjectsOwnBag() throws {
        let fix = try fixed(
            """
            final class InvitationViewModel {
                private let disposeBag = DisposeBag()
                func bind(disposeBag: DisposeBag) {
                    service.accepted.subscribe(onNext: { [weak self] name in
                        service.team(name).subscribe(onNext: { self?.shown.append($0) }).disposed(by: disposeBag)
                    }).disposed(by: disposeBag)
                    service.declined.subscribe(onNext: { [weak self] _ in
                        self?.shown.removeAll()
                        service.team("").subscribe().disposed(by: disposeBag)
                    }).disposed(by: disposeBag)
                }
            }
            final class NoBagOfItsOwn {
                func bind(disposeBag: DisposeBag) {
                    names.subscribe(onNext: { _ in names.subscribe().disposed(by: disposeBag) }).disposed(by: disposeBag)
                }
            }
            """)
        XCTAssertEqual(
            fix.fixed,
            """
            final class InvitationViewModel {
                private let disposeBag = DisposeBag()
                func bind(disposeBag: DisposeBag) {
                    service.accepted.subscribe(onNext: { [weak self] name in
                        guard let self else { return }
                        service.team(name).subscribe(onNext: { [weak self] in self?.shown.append($0) }).disposed(by: self.disposeBag)
                    }).disposed(by: disposeBag)
                    service.declined.subscribe(onNext: { [weak self] _ in
                        guard let self else { return }
                        self.shown.removeAll()
                        service.team("").subscribe().disposed(by: self.disposeBag)
                    }).disposed(by: disposeBag)
                }
            }
            final class NoBagOfItsOwn {
                func bind(disposeBag: DisposeBag) {
                    names.subscribe(onNext: { _ in names.subscribe().disposed(by: disposeBag) }).disposed(by: disposeBag)
                }
            }
            """)
        XCTAssertEqual(fix.fixedFindings.map(\.line), [5, 9])
        XCTAssertEqual(
            fix.unfixed.map(\.reason),
            ["the class has no bag of its own to end the inner subscriptions with: give it one"])
        // The inner subscriptions, now in the object's own bag, are nested ones: the lint's advice to flatMap them.
        XCTAssertEqual(
            Linter().lint(source: fix.fixed, path: "Test.swift").findings.map { "\($0.line) \($0.rule)" },
            ["6 nested-subscribe", "11 nested-subscribe", "17 dispose-bag-captured"])
    }
}
#endif
