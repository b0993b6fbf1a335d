#if canImport(Glibc)
import Glibc
#endif
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `rxleaks test` on Tests/Fixtures/LeakyApp: a package that asks for RxSwift
/// by URL, whose tests have no leak code at all, run on RxLeaks for the run
/// (through a mirror in a scratch configuration) with every test inside a leak
/// check. The runs share the fixtures' scratch folder (``CLI/fixtureScratch``); the class keeps its own
/// folder for the copies and files its tests make.
final class TestCommandTests: XCTestCase {
    private static let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/LeakyApp")
    private static let scratch: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxleaks-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// The tests that leak, each with the types it leaks: the guide's cases in the fixture's view models.
    private static let leaking: [String: Set<String>] = [
        "SearchViewModelTests.testSearchFindsResults": ["SearchViewModel"],
        "CounterViewModelTests.testCountsTapsInSteps": ["CounterViewModel"],
        "LeakyAppTests.ProfilePresenterTests/showsTheSelectedProfile()": ["ProfilePresenter"],
    ]

    /// Every test of the fixture with its verdict and whether it passed: Swift Testing's too, the one
    /// that makes nothing with RxSwift (clean, no counts) and the one that fails without leaking.
    private static let rows: [String: Row] = [
        "SearchViewModelTests.testSearchFindsResults": Row("leaked", passed: true),
        "SearchViewModelTests.testFixedSearchFindsResults": Row("clean", passed: true),
        "FixedSearchViewModelPropertyTests.testEmptyQueryFindsEverything": Row("clean", passed: true),
        "CounterViewModelTests.testCountsTapsInSteps": Row("leaked", passed: true),
        "CounterViewModelTests.testFixedCounterCountsTapsInSteps": Row("clean", passed: true),
        "LeakyAppTests.ProfilePresenterTests/showsTheSelectedProfile()": Row("leaked", passed: true),
        "LeakyAppTests.ProfilePresenterTests/fixedShowsTheSelectedProfile()": Row("clean", passed: true),
        "LeakyAppTests.ProfilePresenterTests/fixedShowsEachProfile(id:)": Row("clean", passed: true),
        "LeakyAppTests.ProfilePresenterTests/profilesCompareByName()": Row("clean", passed: true, counted: false),
        "LeakyAppTests.ProfilePresenterTests/fixedExpectsTheWrongProfile()": Row("failed", passed: false),
    ]

    /// A test's row in the JSON: its verdict, whether it passed, whether it has counts.
    private struct Row: Equatable, CustomStringConvertible {
        var verdict: String
        var passed: Bool
        var counted = true

        init(_ verdict: String, passed: Bool, counted: Bool = true) {
            (self.verdict, self.passed, self.counted) = (verdict, passed, counted)
        }

        var description: String { "\(verdict) passed=\(passed) counted=\(counted)" }
    }

    /// The JSON's rows by test name.
    private static func rows(of document: JSONValue) throws -> [String: Row] {
        var rows: [String: Row] = [:]
        for test in document["tests"]?.arrayValue ?? [] {
            let name = try XCTUnwrap(test["name"]?.stringValue)
            XCTAssertNil(rows[name], "two rows for \(name)")
            rows[name] = Row(
                try XCTUnwrap(test["verdict"]?.stringValue), passed: try XCTUnwrap(test["passed"]?.boolValue),
                counted: test["counts"] != nil)
        }
        return rows
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(at: scratch)
        super.tearDown()
    }

    private func rxleaksTest(_ arguments: [String], package: URL = fixture, scratch: URL = CLI.fixtureScratch) throws
        -> CLI.Invocation
    {
        try CLI.run(["test", "--package-path", package.path, "--scratch-path", scratch.path] + arguments)
    }

    func testJSONNamesExactlyTheLeakingTestsAndTheirTypesAndLeavesTheCheckoutAsItWas() throws {
        let before = try CLI.snapshot(Self.fixture)
        let run = try rxleaksTest(["--format", "json"])
        XCTAssertEqual(try CLI.snapshot(Self.fixture), before, "rxleaks test changed the checkout")
        XCTAssertEqual(run.status, 1, run.stderr)
        let document = try run.json()
        XCTAssertEqual(try CLI.testSchema().violations(of: document), [])
        XCTAssertEqual(try Self.rows(of: document), Self.rows)
        XCTAssertEqual(document["summary"]?["failed"]?.numberValue, 1)
        XCTAssertEqual(document["summary"]?["testsFailed"]?.boolValue, true)
        let tests = try XCTUnwrap(document["tests"]?.arrayValue)
        var leaked: [String: Set<String>] = [:]
        for test in tests where test["verdict"]?.stringValue == "leaked" {
            let name = try XCTUnwrap(test["name"]?.stringValue)
            leaked[name] = Set((test["leaks"]?.arrayValue ?? []).compactMap { $0["typeName"]?.stringValue })
        }
        XCTAssertEqual(leaked, Self.leaking)
        let search = try XCTUnwrap(
            tests.first { $0["name"]?.stringValue == "SearchViewModelTests.testSearchFindsResults" })
        let leak = try XCTUnwrap(search["leaks"]?.arrayValue?.first)
        XCTAssertEqual(leak["kind"]?.stringValue, "cycle")
        XCTAssertEqual(leak["pattern"]?["id"]?.stringValue, "closure-strong-self")
        XCTAssertNotNil(leak["cycle"]?["edges"]?.arrayValue?.first)
        XCTAssertFalse(leak["causes"]?.arrayValue?.isEmpty ?? true)
    }

    func testTextHasARowPerTestThenEachLeakExplained() throws {
        let run = try rxleaksTest([])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stderr, "", "no progress when stderr is not a terminal")
        for name in Self.leaking.keys {
            let row = run.stdout.split(separator: "\n").first { $0.hasPrefix("LEAKED") && $0.contains(name) }
            XCTAssertNotNil(row, "no LEAKED row for \(name):\n\(run.stdout)")
        }
        XCTAssertTrue(run.stdout.contains("clean    SearchViewModelTests.testFixedSearchFindsResults"), run.stdout)
        XCTAssertTrue(run.stdout.contains("─captures (strong)→ SearchViewModel"), run.stdout)
        XCTAssertTrue(run.stdout.contains("closure given to flatMap at ProfilePresenter.swift:19"), run.stdout)
        let rows = run.stdout.split(separator: "\n").filter { line in
            ["LEAKED ", "clean ", "FAILED "].contains { line.hasPrefix($0) }
        }
        XCTAssertEqual(rows.count, Self.rows.count, run.stdout)
        for (name, row) in Self.rows {
            let verdict = ["leaked": "LEAKED", "clean": "clean", "failed": "FAILED"][row.verdict] ?? row.verdict
            XCTAssertTrue(
                rows.contains { $0.hasPrefix(verdict + " ") && $0.contains(" \(name) ") },
                "no \(verdict) row for \(name):\n\(run.stdout)")
        }
        // A row's LEFT is what its test left: nothing for a clean test, however many objects earlier tests keep.
        for row in rows where row.hasPrefix("clean ") {
            XCTAssertTrue(row.hasSuffix("0  —"), "a clean row shows something left: \(row)")
        }
        XCTAssertTrue(
            run.stdout.contains("10 tests: 3 leaked, 1 failed, 6 clean; swift test reported failures"), run.stdout)

        // docs/cli.md's sample rows: each verdict, test and leaked type is one this run printed
        // (the counts depend on the order the tests ran in, the time on the machine).
        let docs = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let firstColumns = { (line: Substring) in
            line.split(separator: "  ", omittingEmptySubsequences: true).prefix(3).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
        let printed = Set(rows.map(firstColumns))
        let sample = docs.split(separator: "\n").filter { line in
            ["LEAKED ", "clean ", "FAILED "].contains { line.hasPrefix($0) }
        }.map(firstColumns)
        XCTAssertGreaterThan(sample.count, 3, "docs/cli.md shows rxleaks test's table")
        for row in sample { XCTAssertTrue(printed.contains(row), "docs/cli.md's row \(row) is not in:\n\(run.stdout)") }
    }

    func testABaselineOfTheRunMakesItPassAndASkippedTestIsLeftOut() throws {
        let baseline = Self.scratch.appendingPathComponent("baseline-\(UUID().uuidString).json")
        let written = try rxleaksTest([
            "--filter", "SearchViewModelTests", "--write-baseline", baseline.path, "--format", "json",
        ])
        XCTAssertEqual(written.status, 1, written.stderr)
        XCTAssertTrue(written.stderr.contains("wrote 1 leak signature to \(baseline.path)"), written.stderr)
        let document = try written.json()
        XCTAssertEqual(try CLI.testSchema().violations(of: document), [])
        let signature = try XCTUnwrap(document["signatures"]?.arrayValue?.first)
        XCTAssertEqual(signature["type"]?.stringValue, "SearchViewModel")
        #if Lint
        XCTAssertEqual(
            signature["scope"]?.stringValue, "SearchViewModel.init", "the scope is read with the lint's parser")
        #endif
        #if Lint
        // The lint's finding at the leaking closure is confirmed by its test; one in code no test ran has no mark.
        let findings = document["lint"]?.arrayValue ?? []
        let search = findings.first { $0["file"]?.stringValue == "Sources/LeakyApp/SearchViewModel.swift" }
        XCTAssertEqual(search?["rule"]?.stringValue, "closure-strong-self")
        XCTAssertEqual(
            search?["confirmedBy"]?.arrayValue?.compactMap(\.stringValue),
            ["SearchViewModelTests.testSearchFindsResults"])
        let counter = findings.first { $0["file"]?.stringValue == "Sources/LeakyApp/CounterViewModel.swift" }
        XCTAssertEqual(counter?["confirmedBy"]?.arrayValue?.count, 0, "CounterViewModelTests did not run")
        XCTAssertEqual(signature["lintRules"]?.arrayValue?.compactMap(\.stringValue), ["closure-strong-self"])
        #endif
        let recorded = try JSONValue.parse(try String(contentsOf: baseline, encoding: .utf8))
        XCTAssertEqual(recorded["leaks"]?.arrayValue?.first?["signature"], signature["signature"])

        let gated = try rxleaksTest(["--filter", "SearchViewModelTests", "--baseline", baseline.path])
        XCTAssertEqual(gated.status, 0, gated.stdout + gated.stderr)
        XCTAssertTrue(
            gated.stdout.contains("  known \(signature["signature"]?.stringValue ?? "?"): SearchViewModel ← "),
            gated.stdout)

        let skipped = try rxleaksTest([
            "--filter", "SearchViewModelTests", "--skip", "SearchViewModelTests.testSearch*",
        ])
        XCTAssertEqual(skipped.status, 0, skipped.stdout + skipped.stderr)
        XCTAssertTrue(skipped.stdout.contains("Left out (not judged):"), skipped.stdout)
        XCTAssertTrue(
            skipped.stdout.contains(
                "1 test: SearchViewModelTests.testSearchFindsResults; --skip SearchViewModelTests.testSearch*"),
            skipped.stdout)
    }

    /// A signature names the leak by its type, the capture that holds it and the function around that
    /// capture, never by a line: code added above the leaking closure leaves a baseline valid.
    func testSignaturesSurviveCodeShiftedAboveTheLeakingClosure() throws {
        let package = Self.scratch.appendingPathComponent("shifted-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixture, to: package)
        let baseline = Self.scratch.appendingPathComponent("baseline-\(UUID().uuidString).json")
        let first = try rxleaksTest(
            ["--filter", "SearchViewModelTests", "--write-baseline", baseline.path, "--format", "json"],
            package: package)
        XCTAssertEqual(first.status, 1, first.stderr)

        let source = package.appendingPathComponent("Sources/LeakyApp/SearchViewModel.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        let shifted = text.replacingOccurrences(
            of: "import RxSwift\n", with: "import RxSwift\n" + (1...10).map { "// shifted \($0)\n" }.joined())
        XCTAssertNotEqual(shifted, text)
        try shifted.write(to: source, atomically: true, encoding: .utf8)
        let second = try rxleaksTest(
            ["--filter", "SearchViewModelTests", "--baseline", baseline.path, "--format", "json"],
            package: package)
        XCTAssertEqual(
            second.status, 0, "the baseline's leak is known after the shift:\n" + second.stdout + second.stderr)

        let (before, after) = (try first.json(), try second.json())
        let ids = { (document: JSONValue) in
            (document["signatures"]?.arrayValue ?? []).compactMap { $0["signature"]?.stringValue }
        }
        XCTAssertEqual(ids(before).count, 1)
        XCTAssertEqual(ids(after), ids(before))
        XCTAssertEqual(after["signatures"]?.arrayValue?.first?["status"]?.stringValue, "known")
        // The code really moved: each run's report places the capturing closure at its own line.
        let reports = [before, after].map { document in
            (document["tests"]?.arrayValue ?? []).first { $0["verdict"]?.stringValue == "leaked" }?["report"]?
                .stringValue ?? ""
        }
        let line = try XCTUnwrap(
            reports[0].firstMatch(of: #/SearchViewModel\.swift:(\d+)/#).flatMap { Int($0.1) }, reports[0])
        XCTAssertTrue(reports[1].contains("SearchViewModel.swift:\(line + 10)"), reports[1])
        XCTAssertFalse(reports[1].contains("SearchViewModel.swift:\(line)\n"), reports[1])
    }

    func testJUnitFailsExactlyTheLeakingTestsWithTheReport() throws {
        let run = try rxleaksTest(["--format", "junit"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let document = try XMLDocument(xmlString: run.stdout)
        let failed = try document.nodes(forXPath: "//testcase[failure]").compactMap { node -> String? in
            guard let element = node as? XMLElement, let suite = element.attribute(forName: "classname")?.stringValue,
                let name = element.attribute(forName: "name")?.stringValue
            else { return nil }
            return suite + (suite.contains(".") ? "/" : ".") + name
        }
        XCTAssertEqual(
            Set(failed),
            Set(Self.leaking.keys).union(["LeakyAppTests.ProfilePresenterTests/fixedExpectsTheWrongProfile()"]))
        XCTAssertEqual(try document.nodes(forXPath: "//testcase").count, Self.rows.count)
        let message = try document.nodes(forXPath: "//testcase[@name='testSearchFindsResults']/failure").first?
            .stringValue
        XCTAssertTrue(
            message?.contains("SearchViewModel leaked (held only by a retain cycle)") == true, message ?? "no failure")
    }

    func testSARIFPointsAtTheCapturingClosuresLine() throws {
        let run = try rxleaksTest(["--format", "sarif"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let log = try run.json()
        XCTAssertEqual(
            JSONSchemaValidator(root: try CLI.schema("sarif-2.1.0-subset.schema.json")).violations(of: log), [])
        let locations = (log["runs"]?.arrayValue?.first?["results"]?.arrayValue ?? []).compactMap { result -> String? in
            guard let location = result["locations"]?.arrayValue?.first?["physicalLocation"],
                let uri = location["artifactLocation"]?["uri"]?.stringValue,
                let line = location["region"]?["startLine"]?.numberValue
            else { return nil }
            return "\(uri):\(Int(line))"
        }
        XCTAssertEqual(
            Set(locations),
            [
                "Sources/LeakyApp/SearchViewModel.swift:16", "Sources/LeakyApp/ProfilePresenter.swift:19",
                "Sources/LeakyApp/CounterViewModel.swift:28",
            ])
    }

    /// `swift test --parallel` runs XCTest's tests in worker processes: the same rows, verdicts and failures.
    func testParallelGivesTheSameRows() throws {
        let run = try rxleaksTest(["--format", "json", "--", "--parallel"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(try Self.rows(of: try run.json()), Self.rows)
    }

    /// rxleaks test writes Swift Testing's event stream itself.
    func testAnEventStreamOptionAfterTheTerminatorIsBadInput() throws {
        let run = try rxleaksTest(["--", "--event-stream-output-path=/tmp/events.jsonl"])
        XCTAssertEqual(run.status, 64, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("--event-stream-output-path cannot be given after --"), run.stderr)
    }

    func testAFilterMatchingNothingIsBadInput() throws {
        let run = try rxleaksTest(["--filter", "NoSuchTestAnywhere"])
        XCTAssertEqual(run.status, 64, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("nothing to test: no test matched --filter NoSuchTestAnywhere"), run.stderr)
    }

    func testAPackageWithoutATestTargetIsBadInput() throws {
        let package = Self.scratch.appendingPathComponent("no-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Sources/Lib"), withIntermediateDirectories: true)
        try """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "NoTests", targets: [.target(name: "Lib")])
        """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "public struct Lib {}\n".write(
            to: package.appendingPathComponent("Sources/Lib/Lib.swift"), atomically: true, encoding: .utf8)
        let run = try rxleaksTest([], package: package, scratch: package.appendingPathComponent(".scratch"))
        XCTAssertEqual(run.status, 64, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("nothing to test: \(package.path) has no test target"), run.stderr)
    }

    func testAFilterRunsOnlyTheMatchingTestsAndExitsZeroWhenTheyAreClean() throws {
        let run = try rxleaksTest(["--filter", "FixedSearch", "--format", "json"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let names = try run.json()["tests"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        XCTAssertEqual(
            names.map(Set.init),
            [
                "SearchViewModelTests.testFixedSearchFindsResults",
                "FixedSearchViewModelPropertyTests.testEmptyQueryFindsEverything",
            ])
    }

    /// Tests/Fixtures/ScoreBoard: RxSwift by URL, Swift Testing tests that never touch it. The mode
    /// judges none of them, but its start-up line says it ran: every test is a clean row, exit 0.
    func testSwiftTestingTestsThatNeverTouchRxSwiftAreCleanRows() throws {
        let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/ScoreBoard")
        let run = try rxleaksTest(["--format", "json"], package: fixture)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let document = try run.json()
        XCTAssertEqual(try CLI.testSchema().violations(of: document), [])
        XCTAssertEqual(
            try Self.rows(of: document),
            [
                "ScoreBoardTests.ScoreTests/ranksTheHighestFirst()": Row("clean", passed: true, counted: false),
                "ScoreBoardTests.ScoreTests/breaksATieByName(points:)": Row("clean", passed: true, counted: false),
            ])
    }

    /// The same tests in a package that links neither RxSwift nor LeakTesting: judged as it is (its stand-in's
    /// manifest links LeakTesting), every test a clean row, its files byte for byte the same.
    func testASwiftTestingPackageWithNoRxLeaksInItsManifestIsJudgedAsItIs() throws {
        let bare = Self.scratch.appendingPathComponent("bare/ScoreBoard")
        try FileManager.default.createDirectory(at: bare.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("Tests/Fixtures/ScoreBoard"), to: bare)
        try FileManager.default.removeItem(at: bare.appendingPathComponent("Sources/ScoreBoard/ScoreFeed.swift"))
        try """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(name: "ScoreBoard", targets: [
            .target(name: "ScoreBoard"), .testTarget(name: "ScoreBoardTests", dependencies: ["ScoreBoard"]),
        ])

        """.write(to: bare.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let before = try CLI.snapshot(bare)
        let run = try rxleaksTest(
            ["--format", "json"], package: bare, scratch: Self.scratch.appendingPathComponent("bare-scratch"))
        XCTAssertEqual(try CLI.snapshot(bare), before, "rxleaks test changed the package")
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertEqual(
            try Self.rows(of: try run.json()),
            [
                "ScoreBoardTests.ScoreTests/ranksTheHighestFirst()": Row("clean", passed: true, counted: false),
                "ScoreBoardTests.ScoreTests/breaksATieByName(points:)": Row("clean", passed: true, counted: false),
            ])
    }

    func testNotAPackageIsBadInput() throws {
        let empty = Self.scratch.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let run = try rxleaksTest([], package: empty)
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.stderr.contains("is not a Swift package"), run.stderr)
    }

    func testAPackageThatDoesNotBuildShowsTheCompilersError() throws {
        let broken = Self.scratch.appendingPathComponent("broken/LeakyApp")
        try FileManager.default.createDirectory(
            at: broken.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixture, to: broken)
        try "let broken: Int = \"text\"\n".write(
            to: broken.appendingPathComponent("Sources/LeakyApp/Broken.swift"), atomically: true, encoding: .utf8)
        let run = try rxleaksTest([], package: broken)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("Broken.swift:1:"), run.stderr)
        XCTAssertTrue(
            run.stderr.contains("error: cannot convert value of type 'String' to specified type 'Int'"), run.stderr)
        XCTAssertTrue(run.stderr.contains("LeakyApp does not build"), run.stderr)
        // Each distinct error once, with the package's own path, and where the whole output is.
        let errorLines = run.stderr.split(separator: "\n").filter {
            $0.contains("error: cannot convert value of type 'String'")
        }
        XCTAssertEqual(
            errorLines,
            [
                "\(broken.path)/Sources/LeakyApp/Broken.swift:1:19: error: cannot convert value of type 'String' to specified type 'Int'"
            ])
        XCTAssertTrue(
            run.stderr.contains("The build's whole output: \(CLI.fixtureScratch.path)/swift-build.log"), run.stderr)
    }

    func testAPackageResolvedPinningRealRxSwiftIsPutBackByteForByte() throws {
        let pinned = Self.scratch.appendingPathComponent("pinned/LeakyApp")
        try FileManager.default.createDirectory(
            at: pinned.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixture, to: pinned)
        // RxSwift 6.10.2's own commit, which the mirror does not have: SwiftPM re-resolves and rewrites the file.
        let resolved = Data(
            """
            {
              "originHash" : "0000",
              "pins" : [
                {
                  "identity" : "rxswift",
                  "kind" : "remoteSourceControl",
                  "location" : "https://github.com/ReactiveX/RxSwift.git",
                  "state" : { "revision" : "132aea4f236ccadc51590b38af0357a331d51fa2", "version" : "6.10.2" }
                }
              ],
              "version" : 3
            }

            """.utf8)
        try resolved.write(to: pinned.appendingPathComponent("Package.resolved"))
        let before = try CLI.snapshot(pinned)
        let run = try rxleaksTest(["--filter", "FixedSearch"], package: pinned)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertEqual(try CLI.snapshot(pinned), before, "rxleaks test changed the checkout")
    }

    /// SwiftPM reads a package's own mirrors file instead of `--config-path`'s: the run's copy keeps the
    /// package's mirrors and adds RxSwift's, and the package's file is read, never written.
    func testAPackagesOwnMirrorsAreKeptBesideTheRunsAndLeftAsTheyWere() throws {
        let mirrored = Self.scratch.appendingPathComponent("mirrored/LeakyApp")
        try FileManager.default.createDirectory(
            at: mirrored.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixture, to: mirrored)
        let configuration = mirrored.appendingPathComponent(".swiftpm/configuration")
        try FileManager.default.createDirectory(at: configuration, withIntermediateDirectories: true)
        let own =
            #"{ "object" : [ { "mirror" : "/srv/mirrors/Unused", "original" : "https://github.com/example/Unused" } ], "version" : 1 }"#
        try Data(own.utf8).write(to: configuration.appendingPathComponent("mirrors.json"))
        let before = try CLI.snapshot(mirrored)
        let run = try rxleaksTest(["--filter", "FixedSearch"], package: mirrored)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertEqual(try CLI.snapshot(mirrored), before, "rxleaks test changed the checkout")
        let runMirrors = try String(
            contentsOf: CLI.fixtureScratch.appendingPathComponent("config/mirrors.json"), encoding: .utf8)
        XCTAssertTrue(runMirrors.contains("https://github.com/example/Unused"), runMirrors)
        XCTAssertTrue(runMirrors.contains("https://github.com/ReactiveX/RxSwift.git"), runMirrors)
    }

    /// Ctrl-C while SwiftPM builds: the run passes it on, ends with 130, and leaves no process and the checkout as it was.
    func testAnInterruptedRunStopsItsChildrenAndExits130() throws {
        let pinned = Self.scratch.appendingPathComponent("interrupted/LeakyApp")
        try FileManager.default.createDirectory(
            at: pinned.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixture, to: pinned)
        // A pin the mirror cannot satisfy: SwiftPM rewrites the file it resolves with (the stand-in's copy).
        let pin =
            #"{ "originHash" : "0000", "pins" : [ { "identity" : "rxswift", "kind" : "remoteSourceControl", "#
            + #""location" : "https://github.com/ReactiveX/RxSwift.git", "state" : { "revision" : "#
            + #""132aea4f236ccadc51590b38af0357a331d51fa2", "version" : "6.10.2" } } ], "version" : 3 }"#
        try Data(pin.utf8).write(to: pinned.appendingPathComponent("Package.resolved"))
        let before = try CLI.snapshot(pinned)
        let scratch = Self.scratch.appendingPathComponent("interrupted-scratch")
        let run = try CLI.start(["test", "--package-path", pinned.path, "--scratch-path", scratch.path])
        while !run.hasEnded(within: 0.01),
            !CLI.processes(mentioning: scratch.path).contains(where: { $0.contains("swift-build") })
        {}
        kill(run.pid, SIGINT)
        let interrupted = try run.finish()
        XCTAssertEqual(interrupted.status, 130, interrupted.stderr)
        XCTAssertEqual(CLI.processesLeft(mentioning: scratch.path), [], "the interrupted run left processes")
        XCTAssertEqual(try CLI.snapshot(pinned), before, "the interrupted run left the checkout changed")
    }
}
