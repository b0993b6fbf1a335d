import Foundation
import XCTest

// `rxleaks fix` exists only with the Lint trait (it edits through the lint's parser).
#if Lint

/// `rxleaks fix` on copies of Tests/Fixtures/LeakyApp (the whole suite, or
/// SearchViewModel's tests alone with --filter); PlainLeaksTestCommandTests runs
/// it on Tests/Fixtures/PlainLeaks. The runs share the fixtures' scratch folder
/// (``CLI/fixtureScratch``); the copies are in the class's own.
final class FixCommandTests: XCTestCase {
    private static let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/LeakyApp")
    private static let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "rxleaks-fix-\(UUID().uuidString)")
    private static let source = "Sources/LeakyApp/SearchViewModel.swift"
    private static let leakingLine =
        "            .subscribe(onNext: { text in self.results = self.catalogue.filter { $0.hasPrefix(text) } })\n"
    private static let fixedLine =
        "            .subscribe(onNext: { [weak self] text in guard let self else { return }; "
        + "self.results = self.catalogue.filter { $0.hasPrefix(text) } })\n"

    /// The fix of SearchViewModel's leak, as `--dry-run` prints it.
    private static let diff = """
        --- a/Sources/LeakyApp/SearchViewModel.swift
        +++ b/Sources/LeakyApp/SearchViewModel.swift
        @@ -13,7 +13,7 @@
                 self.catalogue = catalogue
                 query
                     .map { $0.lowercased() }
        -\(leakingLine)+\(fixedLine)             .disposed(by: disposeBag)
             }
         }

        """

    override class func tearDown() {
        try? FileManager.default.removeItem(at: scratch)
        super.tearDown()
    }

    private func copyOfTheFixture(_ name: String) throws -> URL {
        let copy = Self.scratch.appendingPathComponent("\(name)/LeakyApp")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixture, to: copy)
        return copy
    }

    private func rxleaks(_ command: String, _ package: URL, _ arguments: [String] = []) throws -> CLI.Invocation {
        try CLI.run(
            [
                command, "--package-path", package.path, "--scratch-path", CLI.fixtureScratch.path,
                "--filter", "SearchViewModelTests",
            ] + arguments)
    }

    /// `rxleaks COMMAND` on every test of `package`.
    private func wholeSuite(_ command: String, _ package: URL, _ arguments: [String] = []) throws -> CLI.Invocation {
        try CLI.run([command, "--package-path", package.path, "--scratch-path", CLI.fixtureScratch.path] + arguments)
    }

    /// The output docs/cli.md shows for `rxleaks fix` on the fixture: the block after "printed:".
    private static func documentedRun() throws -> String {
        let docs = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let section = try XCTUnwrap(docs.range(of: "`rxleaks fix --package-path LeakyApp` printed:\n\n```\n"))
        let end = try XCTUnwrap(docs.range(of: "```\n", range: section.upperBound..<docs.endIndex))
        return String(docs[section.upperBound..<end.lowerBound])
    }

    /// The diffs docs/cli.md shows after that output, before the `--filter` example.
    private static func documentedDiffs() throws -> [String] {
        let docs = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let start = try XCTUnwrap(docs.range(of: "`rxleaks fix --package-path LeakyApp` printed:"))
        let end = try XCTUnwrap(
            docs.range(of: "With `--filter SearchViewModelTests`", range: start.upperBound..<docs.endIndex))
        return docs[start.upperBound..<end.lowerBound].components(separatedBy: "```diff\n").dropFirst().compactMap {
            $0.components(separatedBy: "```\n").first
        }
    }

    func testDryRunPrintsTheFixsDiffAndLeavesTheCopyByteForByte() throws {
        let copy = try copyOfTheFixture("dry-run")
        let before = try CLI.snapshot(copy)
        let run = try rxleaks("fix", copy, ["--dry-run"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try CLI.snapshot(copy), before, "--dry-run changed the package")
        XCTAssertEqual(
            run.stdout,
            Self.diff + """
                would try SearchViewModelTests.testSearchFindsResults: SearchViewModel, \(Self.source):16 [rxleaks.closure-strong-self]
                would try to fix 1 of 1 leak in 1 file, 0 left; nothing was written

                """)
    }

    /// Outside a git checkout nothing could undo a kept edit: refused, with why and how, before any test runs.
    func testAFixOutsideAGitCheckoutIsRefusedUnlessNoGitIsGiven() throws {
        let copy = try copyOfTheFixture("no-git")
        let before = try CLI.snapshot(copy)
        let refused = try rxleaks("fix", copy)
        XCTAssertEqual(refused.status, 64, refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains("\(copy.path) is not in a git checkout: rxleaks fix edits its sources in place"),
            refused.stderr)
        XCTAssertTrue(refused.stderr.contains("or pass --no-git"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("resolving"), "it ran the tests before refusing:\n\(refused.stderr)")
        XCTAssertEqual(try CLI.snapshot(copy), before)
    }

    /// Refused while the file has uncommitted changes; once they are committed, every leak of the suite is
    /// fixed (docs/cli.md shows this run's output), and a second `rxleaks test` finds no test leaking: those
    /// tests clean, every other verdict as before and every test passing or failing as before.
    func testAFixIsRefusedOverUncommittedChangesThenEveryFixableLeakIsFixedAndProvenByASecondRun() throws {
        let copy = try copyOfTheFixture("git")
        try CLI.git(["init", "-q"], in: copy)
        try CLI.git(["add", "-A"], in: copy)
        try CLI.git(["commit", "-qm", "LeakyApp"], in: copy)
        let file = copy.appendingPathComponent(Self.source)
        let edited = try String(contentsOf: file, encoding: .utf8) + "// not committed\n"
        try edited.write(to: file, atomically: true, encoding: .utf8)

        let refused = try rxleaks("fix", copy)
        XCTAssertEqual(refused.status, 64, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("uncommitted changes in \(Self.source)"), refused.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), edited)

        try CLI.git(["commit", "-qam", "edited"], in: copy)
        let dryRun = try wholeSuite("fix", copy, ["--dry-run"])
        let diffs = try Self.documentedDiffs()
        XCTAssertEqual(diffs.count, 2, "docs/cli.md shows CounterViewModel's and ProfilePresenter's diffs")
        for diff in diffs { XCTAssertTrue(dryRun.stdout.contains(diff), "not in --dry-run's output:\n\(diff)") }
        let before = try CLI.verdictRows(try wholeSuite("test", copy, ["--format", "json"]))
        let fixed = try wholeSuite("fix", copy)
        XCTAssertEqual(fixed.status, 0, "a leak is left: " + fixed.stdout + fixed.stderr)
        XCTAssertEqual(fixed.stdout, try Self.documentedRun(), "docs/cli.md shows another run")
        XCTAssertTrue(edited.contains(Self.leakingLine))
        XCTAssertEqual(
            try String(contentsOf: file, encoding: .utf8),
            edited.replacingOccurrences(of: Self.leakingLine, with: Self.fixedLine))
        let counter = try String(
            contentsOf: copy.appendingPathComponent("Sources/LeakyApp/CounterViewModel.swift"), encoding: .utf8)
        XCTAssertTrue(
            counter.contains("        input.taps.scan(0) { [step = self.step] total, _ in total + step }\n"), counter)
        let presenter = try String(
            contentsOf: copy.appendingPathComponent("Sources/LeakyApp/ProfilePresenter.swift"), encoding: .utf8)
        XCTAssertTrue(presenter.contains("            .flatMap(ProfilePresenter.load(id:))\n"), presenter)
        XCTAssertTrue(presenter.contains("    private static func load(id: Int) -> Observable<Profile> {\n"), presenter)

        let after = try CLI.verdictRows(try wholeSuite("test", copy, ["--format", "json"]))
        let madeClean: Set = [
            "SearchViewModelTests.testSearchFindsResults",
            "LeakyAppTests.ProfilePresenterTests/showsTheSelectedProfile()",
            "CounterViewModelTests.testCountsTapsInSteps",
        ]
        XCTAssertEqual(Set(after.keys), Set(before.keys))
        XCTAssertEqual(
            before.filter { madeClean.contains($0.key) }.map(\.value.verdict), ["leaked", "leaked", "leaked"])
        XCTAssertEqual(after.values.filter { $0.verdict == "leaked" }.count, 0, "the suite is not clean")
        for (name, row) in before {
            XCTAssertEqual(after[name]?.passed, row.passed, name)
            XCTAssertEqual(after[name]?.verdict, madeClean.contains(name) ? "clean" : row.verdict, name)
        }
    }

    /// A test that does not leak but relies on SearchViewModel outliving its scope until its query completes:
    /// the fix passes SearchViewModel's own test, then the run of the other tests shows this one failing, so
    /// the kept edit is undone and the leak left with the test that changed.
    func testAKeptFixIsUndoneWhenAnotherTestThenChangesItsResult() throws {
        let copy = try copyOfTheFixture("other-test")
        try """
        import LeakyApp
        import XCTest

        final class SearchLifetimeTests: XCTestCase {
            func testTheViewModelLivesUntilItsQueryCompletes() {
                weak var oracle: SearchViewModel?
                do { oracle = SearchViewModel(catalogue: ["alpha"]) }
                XCTAssertNotNil(oracle, "kept alive by its own subscription")
                oracle?.query.onCompleted()
                XCTAssertNil(oracle)
            }
        }

        """.write(
            to: copy.appendingPathComponent("Tests/LeakyAppTests/SearchLifetimeTests.swift"), atomically: true,
            encoding: .utf8)
        let before = try CLI.snapshot(copy)
        let run = try rxleaks("fix", copy, ["--filter", "SearchLifetimeTests", "--no-git"])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertEqual(
            run.stdout,
            """
            left SearchViewModelTests.testSearchFindsResults: SearchViewModel, \(Self.source):16 [rxleaks.closure-strong-self]: \
            reverted with every other fix: with them all in place SearchLifetimeTests.testTheViewModelLivesUntilItsQueryCompletes \
            went from clean (passed) to failed (failed)
            fixed 0 of 1 leak in 0 files, 1 left

            """)
        XCTAssertEqual(try CLI.snapshot(copy), before, "the undone fix is still in place")
    }

    /// Starts `rxleaks fix` on a fresh copy and sends it `signal` once `file` changes (an edit is written and
    /// under test); returns the copy, its files before the run and the run's exit status.
    private func interruptedFix(
        _ name: String, _ signal: Int32, once file: String,
        _ arguments: [String]
    ) throws -> (copy: URL, before: [String: Data], status: Int32) {
        let copy = try copyOfTheFixture(name)
        let before = try CLI.snapshot(copy)
        let watched = copy.appendingPathComponent(file)
        let original = try Data(contentsOf: watched)
        let run = try CLI.start(
            ["fix", "--package-path", copy.path, "--scratch-path", CLI.fixtureScratch.path, "--no-git"] + arguments)
        let deadline = Date().addingTimeInterval(900)
        while !run.hasEnded(within: 0.01), (try? Data(contentsOf: watched)) == original, Date() < deadline {}
        XCTAssertFalse(run.hasEnded(within: 0), "the run ended before it wrote the fix of \(file)")
        kill(run.pid, signal)
        let ended = try run.finish()
        XCTAssertTrue(run.exited, "a signal ended rxleaks fix instead of its own exit")
        return (copy, before, ended.status)
    }

    /// Ctrl-C once the fix is written and under test: the original is put back and the run exits 130.
    func testAnInterruptedFixPutsTheOriginalBack() throws {
        let run = try interruptedFix("interrupted", SIGINT, once: Self.source, ["--filter", "SearchViewModelTests"])
        XCTAssertEqual(run.status, 130)
        XCTAssertEqual(try CLI.snapshot(run.copy), run.before, "the interrupted run left an edit")
    }

    /// SIGTERM while the last fix (ProfilePresenter's) is under test: the two before it (CounterViewModel's and
    /// SearchViewModel's), kept and proven, stay; ProfilePresenter's file is as it was; nothing else changed.
    func testATerminatedFixKeepsTheProvenEditAndPutsTheOneUnderTestBack() throws {
        let run = try interruptedFix("terminated", SIGTERM, once: "Sources/LeakyApp/ProfilePresenter.swift", [])
        XCTAssertEqual(run.status, 143)
        var expected = run.before
        let search = try XCTUnwrap(String(data: try XCTUnwrap(run.before[Self.source]), encoding: .utf8))
        expected[Self.source] = Data(search.replacingOccurrences(of: Self.leakingLine, with: Self.fixedLine).utf8)
        let counterSource = "Sources/LeakyApp/CounterViewModel.swift"
        let counter = try XCTUnwrap(String(data: try XCTUnwrap(run.before[counterSource]), encoding: .utf8))
        expected[counterSource] = Data(
            counter.replacingOccurrences(
                of: "scan(0) { total, _ in total + self.step }",
                with: "scan(0) { [step = self.step] total, _ in total + step }"
            ).utf8)
        XCTAssertNotEqual(expected[Self.source], run.before[Self.source])
        XCTAssertNotEqual(expected[counterSource], run.before[counterSource])
        XCTAssertEqual(
            try CLI.snapshot(run.copy), expected,
            "the terminated run left a file neither as it was nor fixed and proven")
    }
}
#endif
