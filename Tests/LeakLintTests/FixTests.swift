#if Lint
import LeakLint
import XCTest

/// `rxleaks lint --fix`: each rewrite's exact output, and the findings left with their reasons.
final class FixTests: XCTestCase {
    private func fixed(_ source: String) throws -> FileFix {
        try Linter().fix(source: source, path: "Test.swift").get()
    }

    func testAStrongSelfInASubscriptionGetsWeakSelfAndAGuard() throws {
        let fix = try fixed("""
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
        XCTAssertEqual(fix.fixed, """
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
        XCTAssertEqual(Linter().lint(source: fix.fixed, path: "Test.swift").findings.map(\.rule), [], "the fix leaves no finding")
    }

    func testAClosureThatReturnsAValueGetsUnownedSelfOnlyWithTheObjectsOwnBag() throws {
        let fix = try fixed("""
            final class SearchViewModel {
                let disposeBag = DisposeBag()
                func bind(_ queries: Observable<String>, api: SearchAPI, bag: DisposeBag) {
                    queries.flatMap { self.search($0) }.subscribe().disposed(by: disposeBag)
                    queries.flatMap { [self] query in self.search(query) }.subscribe().disposed(by: bag)
                }
            }
            """)
        XCTAssertEqual(fix.fixed, """
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

    func testAThrownAwayDisposableGoesIntoTheClassesOwnBag() throws {
        let fix = try fixed("""
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
        XCTAssertEqual(fix.fixed, """
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
        XCTAssertEqual(UnifiedDiff.between(old, new, path: "A.swift"), """
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
}
#endif
