import Foundation
import XCTest

/// `rxleaks test` on Tests/Fixtures/StuckTasks: tasks that can never resume, named at their await; tasks left
/// running (after their subscription's dispose, or kept by a loop that holds the object whose deinit would cancel
/// them), named where they were made. Each expected verdict is the fixture's own weak-reference oracle's (the
/// tests assert it, and pass). The runs share the fixtures' scratch folder (``CLI/fixtureScratch``).
final class StuckTasksTestCommandTests: XCTestCase {
    private static let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/StuckTasks")

    /// The tests whose task awaits a continuation the store dropped: the runtime's misuse is theirs.
    private static let misused: Set = [
        "LegacyTests.testAnUnknownItemIsRequested", "StuckTasksTests.LegacySuite/anUnknownItemIsRequested()",
    ]

    /// The tests whose task awaits a continuation only the downloader it keeps holds.
    private static let stalled: Set = [
        "DownloadTests.testAStalledDownload", "StuckTasksTests.DownloadSuite/aStalledDownload()",
    ]

    /// The tests whose task, made in `Observable.create`, ticks on after the subscription is disposed.
    private static let leftRunning: Set = [
        "TicksTests.testTicksDisposedOf", "StuckTasksTests.TicksSuite/ticksDisposedOf()",
    ]

    /// The tests whose task, kept by the object and cancelled in its deinit, loops holding the object: the type
    /// and the line of Loops.swift that made the task.
    private static let loopsHolding: [String: (type: String, line: Int)] = [
        "LoopTests.testAScoreBoardFollowsTheFeed": ("ScoreBoard", 16),
        "StuckTasksTests.LoopSuite/aScoreBoardFollowsTheFeed()": ("ScoreBoard", 16),
        "LoopTests.testAPollerPolls": ("Poller", 46), "StuckTasksTests.LoopSuite/aPollerPolls()": ("Poller", 46),
    ]

    /// The fixed twins and the look-alikes.
    private static let clean: Set = [
        "LegacyTests.testFixedAnUnknownItemIsRequested", "LegacyTests.testAKnownItemIsLoaded",
        "LegacyLookAlikeTests.testASlowRequestAnswersLater",
        "StuckTasksTests.LegacySuite/fixedAnUnknownItemIsRequested()",
        "DownloadTests.testADownloadItsTransportDelivers", "DownloadTests.testDownloadsInATaskGroup",
        "StuckTasksTests.DownloadSuite/aDownloadItsTransportDelivers()",
        "StuckTasksTests.DownloadSuite/downloadsInATaskGroup()",
        "TicksTests.testFixedTicksDisposedOf", "StuckTasksTests.TicksSuite/fixedTicksDisposedOf()",
        "LoopTests.testAFixedScoreBoardFollowsTheFeed", "StuckTasksTests.LoopSuite/aFixedScoreBoardFollowsTheFeed()",
        "LoopTests.testAFixedPollerPolls", "StuckTasksTests.LoopSuite/aFixedPollerPolls()",
    ]

    func testStuckTasksAreNamedAtTheirAwaitTasksLeftRunningWhereTheyWereMadeAndTheTwinsAreClean() throws {
        let run = try CLI.run(
            [
                "test", "--package-path", Self.fixture.path, "--scratch-path", CLI.fixtureScratch.path,
                "--format", "json",
            ])
        XCTAssertEqual(run.status, 1, run.stderr)
        let document = try run.json()
        XCTAssertEqual(try CLI.testSchema().violations(of: document), [])
        var tests: [String: JSONValue] = [:]
        for test in document["tests"]?.arrayValue ?? [] {
            tests[try XCTUnwrap(test["name"]?.stringValue)] = test
        }
        XCTAssertEqual(
            Set(tests.keys),
            Self.misused.union(Self.stalled).union(Self.leftRunning).union(Self.loopsHolding.keys).union(Self.clean))
        for name in Self.misused {
            let test = try XCTUnwrap(tests[name], name)
            XCTAssertEqual(test["passed"]?.boolValue, true, "\(name): its oracle holds")
            XCTAssertNotEqual(test["verdict"]?.stringValue, "clean", name)
            let misuses = test["continuationMisuses"]?.arrayValue ?? []
            XCTAssertEqual(misuses.compactMap { $0["function"]?.stringValue }, ["run()"], name)
            XCTAssertEqual(
                misuses.first?["misuse"]?.stringValue, "leaked its continuation without resuming it", name)
            XCTAssertEqual(misuses.first?["awaitedAt"]?.stringValue, "Legacy.swift:24", name)
            let report = test["report"]?.stringValue ?? ""
            XCTAssertTrue(
                report.contains(
                    "run() leaked its continuation without resuming it (awaited at Legacy.swift:24): the task awaiting it"
                ),
                report)
            XCTAssertTrue(
                report.contains(
                    "nothing can resume it: its continuation was dropped unresumed (run() leaked its continuation "
                        + "without resuming it)"), report)
        }
        for name in Self.stalled {
            let test = try XCTUnwrap(tests[name], name)
            XCTAssertEqual(test["passed"]?.boolValue, true, "\(name): its oracle holds")
            XCTAssertEqual(test["verdict"]?.stringValue, "leaked", name)
            let leaks = test["leaks"]?.arrayValue ?? []
            XCTAssertEqual(leaks.compactMap { $0["typeName"]?.stringValue }, ["Downloader"], name)
            XCTAssertEqual(leaks.first?["pattern"]?["id"]?.stringValue, "task-never-resumes", name)
            let report = test["report"]?.stringValue ?? ""
            XCTAssertTrue(report.contains("suspended for ever in Downloader.fetch() at Downloader.swift:37"), report)
            XCTAssertTrue(
                report.contains("its continuation is held only by Downloader, itself held only by this task"), report)
        }
        for name in Self.leftRunning {
            let test = try XCTUnwrap(tests[name], name)
            XCTAssertEqual(test["passed"]?.boolValue, true, "\(name): its oracle holds")
            let leaks = test["leaks"]?.arrayValue ?? []
            XCTAssertEqual(leaks.compactMap { $0["typeName"]?.stringValue }, ["TickCounter"], name)
            XCTAssertEqual(leaks.first?["pattern"]?["id"]?.stringValue, "task-outlives-subscription", name)
            let report = test["report"]?.stringValue ?? ""
            XCTAssertTrue(report.contains("Task made at Ticks.swift:29"), report)
            XCTAssertTrue(report.contains("return Disposables.create { task.cancel() }"), report)
        }
        for (name, task) in Self.loopsHolding {
            let test = try XCTUnwrap(tests[name], name)
            XCTAssertEqual(test["passed"]?.boolValue, true, "\(name): its oracle holds")
            XCTAssertEqual(test["verdict"]?.stringValue, "leaked", name)
            let leaks = test["leaks"]?.arrayValue ?? []
            XCTAssertEqual(leaks.compactMap { $0["typeName"]?.stringValue }, [task.type], name)
            XCTAssertEqual(leaks.first?["pattern"]?["id"]?.stringValue, "task-captures-self", name)
            let report = test["report"]?.stringValue ?? ""
            XCTAssertTrue(report.contains("─task._task→ Task made at Loops.swift:\(task.line)\n"), report)
            XCTAssertTrue(report.contains("─captures (strong)→ \(task.type)   <- the reference to break"), report)
        }
        for name in Self.clean {
            let test = try XCTUnwrap(tests[name], name)
            XCTAssertEqual(test["passed"]?.boolValue, true, "\(name): its oracle holds")
            // The first of these to touch `Scores.feed` makes its subject (a `static let`) in its check: made once.
            XCTAssertEqual(test["verdict"]?.stringValue, "clean", "\(name): \(test["report"]?.stringValue ?? "")")
            XCTAssertEqual(test["continuationMisuses"]?.arrayValue?.count, 0, name)
        }
    }

    // `rxleaks fix` exists only with the Lint trait (it edits through the lint's parser).
    #if Lint
    /// `rxleaks fix` on a copy of the fixture whose tests of the fixable kinds no longer assert with their
    /// weak oracle that the object outlives them: the task made in `Observable.create` is kept and cancelled by
    /// the disposable, the loops of the tasks that `deinit` cannot cancel hold `self` weakly. Each fix is kept
    /// because its tests, re-run, pass and no longer leak; a second `rxleaks test` finds none of them leaking.
    func testTheMechanicalTaskFixesAreMadeAndProvenByRerunningTheirTests() throws {
        let copy = try committedCopy(
            of: Self.fixture, message: "StuckTasks, whose leaking tests do not check what outlives them"
        ) { copy in
            for test in ["TicksTests", "TicksSuite", "LoopTests", "LoopSuite"] {
                let url = copy.appendingPathComponent("Tests/StuckTasksTests/\(test).swift")
                let lines = try String(contentsOf: url, encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false)
                try lines.filter { !$0.contains("\"leaks: ") && !$0.contains("\"the task ticks on after dispose") }
                    .joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            }
        }
        let selection = [
            "--package-path", copy.path, "--scratch-path", CLI.fixtureScratch.path, "--filter", "Ticks", "--filter",
            "Loop",
        ]

        let run = try CLI.run(["fix"] + selection + ["--format", "json"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let fixed = try run.json()
        XCTAssertEqual(JSONSchemaValidator(root: try CLI.schema("rxleaks-fix.schema.json")).violations(of: fixed), [])
        XCTAssertEqual(
            Set(fixed["filesChanged"]?.arrayValue?.compactMap(\.stringValue) ?? []),
            ["Sources/StuckTasks/Ticks.swift", "Sources/StuckTasks/Loops.swift"])
        XCTAssertEqual(
            (fixed["fixed"]?.arrayValue ?? []).map {
                "\($0["test"]?.stringValue ?? "?") \($0["type"]?.stringValue ?? "?")"
            }.sorted(),
            [
                "LoopTests.testAPollerPolls Poller", "LoopTests.testAScoreBoardFollowsTheFeed ScoreBoard",
                "StuckTasksTests.LoopSuite/aPollerPolls() Poller",
                "StuckTasksTests.LoopSuite/aScoreBoardFollowsTheFeed() ScoreBoard",
                "StuckTasksTests.TicksSuite/ticksDisposedOf() TickCounter",
                "TicksTests.testTicksDisposedOf TickCounter",
            ])
        XCTAssertEqual(fixed["left"]?.arrayValue?.count, 0, run.stdout)
        let ticks = try String(
            contentsOf: copy.appendingPathComponent("Sources/StuckTasks/Ticks.swift"), encoding: .utf8)
        XCTAssertFalse(ticks.contains("return Disposables.create()\n"), ticks)
        XCTAssertEqual(ticks.components(separatedBy: "            let task = Task {\n").count, 3, ticks)
        XCTAssertEqual(ticks.components(separatedBy: "return Disposables.create { task.cancel() }\n").count, 3, ticks)
        let loops = try String(
            contentsOf: copy.appendingPathComponent("Sources/StuckTasks/Loops.swift"), encoding: .utf8)
        for line in [
            "        task = Task { [weak self] in for try await score in Scores.feed.values { guard let self else { return }; self.total += score } }\n",
            "        task = Task { [weak self] in\n            while !Task.isCancelled {\n                guard let self else { return }\n"
                + "                self.polls += 1\n",
        ] {
            XCTAssertTrue(loops.contains(line), "not in the fixed file: \(line)\n\(loops)")
        }

        let after = try CLI.verdictRows(try CLI.run(["test"] + selection + ["--format", "json"]))
        XCTAssertEqual(after.count, 12, "\(after)")
        for (name, row) in after {
            XCTAssertNotEqual(row.verdict, "leaked", name)
            XCTAssertEqual(row.passed, true, name)
        }
    }
    #endif
}
