import Foundation
import XCTest

/// `rxleaks test` on Tests/Fixtures/PlainLeaks: leaks in plain Swift, which only the objects the
/// whole-suite mode tracks by themselves (the package's own) can reveal. Each expected verdict is
/// the fixture's own weak-reference oracle's. The runs share the fixtures' scratch folder (``CLI/fixtureScratch``).
final class PlainLeaksTestCommandTests: XCTestCase {
    private static let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/PlainLeaks")

    /// The leaking tests, each with the types it leaks and the reference its first cause breaks.
    private static let leaking: [String: (types: Set<String>, suspect: String)] = [
        "PlainSwiftTests.testNoteEditorSaves": (["NoteEditor"], "NoteEditor ─onSave→ NoteEditor"),
        "PlainSwiftTests.testChartControllerRedraws": (
            ["ChartController", "ChartView"], "ChartView ─delegate→ ChartController"
        ),
        "PlainSwiftTests.testThemeObserverCountsChanges": (
            ["ThemeObserver"], "closure given to addObserver at PlainSwift.swift:69 ─captures→ ThemeObserver"
        ),
        "PlainSwiftTests.testChangeCounterStarts": (
            ["ChangeCounter"], "Task made at PlainSwift.swift:107 ─captures→ ChangeCounter"
        ),
        "PlainSwiftTests.testAutoSaverSchedules": (["AutoSaver"], "block of DispatchWorkItem ─captures→ AutoSaver"),
        "PlainSwiftTests.testProfileWatcherStarts": (["ProfileWatcher"], "closure given at PlainSwift.swift:"),
        "PlainSwiftTests.testClockStarts": (["Clock"], "closure given at PlainSwift.swift:189 ─captures→ Clock"),
        "PlainSwiftTests.testPollerStarts": (["Poller"], "closure given at PlainSwift.swift:211 ─captures→ Poller"),
        "PlainSwiftTests.testFeedFollowerFollows": (
            ["FeedFollower"], "Task made at PlainSwift.swift:236 ─captures→ FeedFollower"
        ),
        "PlainSwiftTests.testDelayedSaverSaves": (
            ["DelayedSaver"], "block given to asyncAfter at PlainSwift.swift:261 ─captures→ DelayedSaver"
        ),
        "PlainLeaksTests.PlainSwiftSuite/clockStarts()": (
            ["Clock"], "closure given at PlainSwift.swift:189 ─captures→ Clock"
        ),
        "PlainLeaksTests.PlainSwiftSuite/noteEditorSaves()": (["NoteEditor"], "NoteEditor ─onSave→ NoteEditor"),
        "PlainLeaksTests.PlainSwiftSuite/autoSaverSchedules()": (
            ["AutoSaver"], "block of DispatchWorkItem ─captures→ AutoSaver"
        ),
        "PlainLeaksTests.PlainSwiftSuite/pollerStarts()": (
            ["Poller"], "closure given at PlainSwift.swift:211 ─captures→ Poller"
        ),
        "PlainLeaksTests.PlainSwiftSuite/delayedSaverSaves()": (
            ["DelayedSaver"], "block given to asyncAfter at PlainSwift.swift:261 ─captures→ DelayedSaver"
        ),
    ]

    /// Every other test: clean (the fixed twins and the look-alikes).
    private static let clean: Set<String> = [
        "PlainSwiftTests.testFixedNoteEditorSaves", "PlainSwiftTests.testFixedChartControllerRedraws",
        "PlainSwiftTests.testFixedThemeObserverCountsChanges", "PlainSwiftTests.testFixedChangeCounterStarts",
        "PlainSwiftTests.testFixedAutoSaverSchedules", "PlainSwiftTests.testFixedProfileWatcherStarts",
        "PlainSwiftTests.testFixedClockStarts", "PlainSwiftTests.testFixedPollerStarts",
        "PlainSwiftTests.testFixedFeedFollowerFollows", "PlainSwiftTests.testFixedDelayedSaverSaves",
        "PlainLeaksTests.PlainSwiftSuite/fixedClockStarts()",
        "PlainSwiftLookAlikeTests.testTheCacheKeepsThumbnails",
        "PlainSwiftLookAlikeTests.testSettingsAreMadeOnFirstUse",
        "PlainSwiftLookAlikeTests.testTheUploaderFinishesAMomentLater", "PlainSwiftLookAlikeTests.testTheLoaderEnds",
        "PlainSwiftLookAlikeTests.testNotesAreAddedToTheStoreMadeInSetUp",
        "PlainLeaksTests.PlainSwiftSuite/fixedNoteEditorSaves()",
        "PlainLeaksTests.PlainSwiftSuite/theCacheKeepsThumbnails()",
        "PlainLeaksTests.PlainSwiftSuite/fixedPollerStarts()",
        "PlainLeaksTests.PlainSwiftSuite/fixedDelayedSaverSaves()",
        // Fails (a `failed` row) unless rxleaks test passed the package's own modules.
        "PlainLeaksTests.PlainSwiftSuite/theCodeUnderTestIsThePackagesOwnModules()",
    ]

    private func run(_ arguments: [String]) throws -> CLI.Invocation {
        try CLI.run(
            ["test", "--package-path", Self.fixture.path, "--scratch-path", CLI.fixtureScratch.path] + arguments)
    }

    /// Each test's verdict, its leaked types and its first cause; `reports` gets each test's report as text.
    private func verdicts(_ arguments: [String], reports: inout [String: String]) throws
        -> [String: (verdict: String, types: Set<String>, suspect: String?)]
    {
        let run = try run(["--format", "json"] + arguments)
        XCTAssertEqual(run.status, 1, run.stderr)
        var verdicts: [String: (String, Set<String>, String?)] = [:]
        for test in try run.json()["tests"]?.arrayValue ?? [] {
            let name = try XCTUnwrap(test["name"]?.stringValue)
            let leaks = test["leaks"]?.arrayValue ?? []
            let cause = leaks.first?["causes"]?.arrayValue?.first
            let reference = cause?["reference"].map { reference in
                "\(reference["from"]?["name"]?.stringValue ?? "?") ─\(reference["label"]?.stringValue ?? "?")→ \(reference["to"]?["name"]?.stringValue ?? "?")"
            }
            let outside = cause?["outsideHolder"]?.stringValue.map { "held from outside the check: " + $0 }
            reports[name] = test["report"]?.stringValue
            verdicts[name] = (
                try XCTUnwrap(test["verdict"]?.stringValue), Set(leaks.compactMap { $0["typeName"]?.stringValue }),
                reference ?? outside
            )
        }
        return verdicts
    }

    private func assertExpected(
        _ verdicts: [String: (verdict: String, types: Set<String>, suspect: String?)],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(Set(verdicts.keys), Set(Self.leaking.keys).union(Self.clean), file: file, line: line)
        for (name, expected) in Self.leaking {
            XCTAssertEqual(verdicts[name]?.verdict, "leaked", name, file: file, line: line)
            XCTAssertEqual(verdicts[name]?.types, expected.types, name, file: file, line: line)
            XCTAssertTrue(
                verdicts[name]?.suspect?.hasPrefix(expected.suspect) == true,
                "\(name): \(verdicts[name]?.suspect ?? "no cause")", file: file, line: line)
        }
        for name in Self.clean {
            XCTAssertEqual(verdicts[name]?.verdict, "clean", name, file: file, line: line)
        }
    }

    func testEveryPlainSwiftLeakIsFoundAndEveryLookAlikeIsClean() throws {
        var reports: [String: String] = [:]
        assertExpected(try verdicts([], reports: &reports))
        let cache = reports["PlainSwiftLookAlikeTests.testTheCacheKeepsThumbnails"] ?? ""
        XCTAssertTrue(
            cache.contains("kept from outside (by design, not leaks): ")
                && cache.contains("Thumbnail (held from ThumbnailCache.shared)"),
            cache)
    }

    func testParallelGivesTheSameVerdicts() throws {
        var reports: [String: String] = [:]
        assertExpected(try verdicts(["--", "--parallel"], reports: &reports))
    }

    func testTheTextExplainsEachLeakWithItsFix() throws {
        let run = try run([])
        XCTAssertEqual(run.status, 1, run.stderr)
        for fragment in [
            "ChangeCounter leaked (retained from outside the check); made at PlainSwiftTests.swift:",
            "─task._task→ Task", "fix: loop with [weak self]",
            "─pending→ DispatchWorkItem", "fix: capture [weak self] in the work item's block",
            "    NotificationCenter.default\n      ─observers→ closure given to addObserver at PlainSwift.swift:69\n",
            "removeObserver",
            "─delegate→ ChartController", "fix: make the reference back to the owner weak (weak var delegate)",
            "ProfileWatcher leaked (retained from outside the check)", "    ListenerRegistry.shared\n      ─listeners[",
            "closure given at PlainSwift.swift:170\n      ─captures (strong)→ ProfileWatcher",
            "fix: capture the object weakly in the closure",
            "Poller leaked (retained from outside the check)",
            "    run loop Timer\n      ─_fire→ closure given at PlainSwift.swift:211\n"
                + "      ─captures (strong)→ Poller   <- the reference to break\n",
            "fix: capture [weak self] in the timer's block, and invalidate the timer in deinit",
            "FeedFollower leaked (retained from outside the check)",
            "    Task made at PlainSwift.swift:236\n      ─captures (strong)→ FeedFollower   <- the reference to break\n",
            "fix: capture [weak self] in the task's closure",
            "DelayedSaver leaked (retained from outside the check)",
            "    block given to asyncAfter at PlainSwift.swift:261\n"
                + "      ─captures (strong)→ DelayedSaver   <- the reference to break\n",
            "fix: capture [weak self] in the block (or give the queue a DispatchWorkItem and cancel it in deinit)",
        ] {
            XCTAssertTrue(run.stdout.contains(fragment), "no \(fragment):\n\(run.stdout)")
        }
    }

    // `rxleaks fix` exists only with the Lint trait (it edits through the lint's parser).
    #if Lint
    /// `rxleaks fix` on a copy of the fixture, whose leaking tests assert with their weak oracle that the
    /// object outlives them. With those assertions dropped, except AutoSaver's, the stored closure, the
    /// delegate, the observer block (its observer removed in deinit), the task, the listener a global registry
    /// keeps, the timers' blocks, the task nothing stores and the block pending on a dispatch queue are fixed; AutoSaver's fix makes its tests fail,
    /// so it is put back and reported. A second `rxleaks test` finds only AutoSaver's tests leaking, every
    /// test passing or failing as before.
    func testPlainSwiftLeaksAreFixedUnlessTheirTestChecksTheObjectOutlivesIt() throws {
        // A copy built in the fixtures' scratch folder: the dependencies are built once for the test process.
        let copy = try committedCopy(
            of: Self.fixture, message: "PlainLeaks, where only AutoSaver's tests check that it outlives them"
        ) { copy in
            for test in ["Tests/PlainLeaksTests/PlainSwiftTests.swift", "Tests/PlainLeaksTests/PlainSwiftSuite.swift"] {
                let url = copy.appendingPathComponent(test)
                let lines = try String(contentsOf: url, encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false)
                try lines.filter { !$0.contains("\"leaks: ") || $0.contains("work item") }.joined(separator: "\n")
                    .write(to: url, atomically: true, encoding: .utf8)
            }
        }
        let build = CLI.fixtureScratch.path
        let source = "Sources/PlainLeaks/PlainSwift.swift"
        let before = try CLI.verdictRows(
            try CLI.run(["test", "--package-path", copy.path, "--scratch-path", build, "--format", "json"]))

        let run = try CLI.run(["fix", "--package-path", copy.path, "--scratch-path", build, "--format", "json"])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        let fixed = try run.json()
        XCTAssertEqual(JSONSchemaValidator(root: try CLI.schema("rxleaks-fix.schema.json")).violations(of: fixed), [])
        func leaks(_ list: JSONValue?) -> [String] {
            (list?.arrayValue ?? []).map {
                "\($0["test"]?.stringValue ?? "?") \($0["type"]?.stringValue ?? "?"): \($0["reason"]?.stringValue ?? "")"
            }.sorted()
        }
        let failsAfterTheFix = "the test fails after the fix: the fix changes what the test checks"
        XCTAssertEqual(fixed["filesChanged"]?.arrayValue?.compactMap(\.stringValue), [source])
        XCTAssertEqual(
            leaks(fixed["fixed"]),
            [
                "PlainLeaksTests.PlainSwiftSuite/clockStarts() Clock: ",
                "PlainLeaksTests.PlainSwiftSuite/delayedSaverSaves() DelayedSaver: ",
                "PlainLeaksTests.PlainSwiftSuite/noteEditorSaves() NoteEditor: ",
                "PlainLeaksTests.PlainSwiftSuite/pollerStarts() Poller: ",
                "PlainSwiftTests.testChangeCounterStarts ChangeCounter: ",
                "PlainSwiftTests.testChartControllerRedraws ChartController: ",
                "PlainSwiftTests.testClockStarts Clock: ",
                "PlainSwiftTests.testDelayedSaverSaves DelayedSaver: ",
                "PlainSwiftTests.testFeedFollowerFollows FeedFollower: ",
                "PlainSwiftTests.testNoteEditorSaves NoteEditor: ",
                "PlainSwiftTests.testPollerStarts Poller: ",
                "PlainSwiftTests.testProfileWatcherStarts ProfileWatcher: ",
                "PlainSwiftTests.testThemeObserverCountsChanges ThemeObserver: ",
            ])
        XCTAssertEqual(
            leaks(fixed["left"]),
            [
                "PlainLeaksTests.PlainSwiftSuite/autoSaverSchedules() AutoSaver: \(failsAfterTheFix)",
                "PlainSwiftTests.testAutoSaverSchedules AutoSaver: \(failsAfterTheFix)",
            ])
        let text = try String(contentsOf: copy.appendingPathComponent(source), encoding: .utf8)
        for line in [
            "        onSave = { [weak self] in guard let self else { return }; self.saves += 1 }",
            "    public weak var delegate: ChartViewDelegate?",
            "        token = NotificationCenter.default.addObserver(forName: .themeChanged, object: nil, queue: nil) { [weak self] _ in\n"
                + "            guard let self else { return }\n            self.changes += 1",
            "        }\n    }\n\n    deinit { if let token { NotificationCenter.default.removeObserver(token) } }\n}\n\npublic final class FixedThemeObserver",
            "        task = Task { [weak self] in for await change in ChangeFeed.shared.changes { guard let self else { return }; self.count += change } }",
            "        ListenerRegistry.shared.add { [weak self] in guard let self else { return }; self.refreshes += 1 }",
            "        pending = DispatchWorkItem { self.saves += 1 }",
            "        timer = Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { [weak self] _ in guard let self else { return }; self.ticks += 1 }",
            "        Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { [weak self] _ in guard let self else { return }; self.polls += 1 }",
            "        Task { [weak self] in for await beat in Heartbeat.beats { guard let self else { return }; self.count += beat } }",
            "        DispatchQueue.global().asyncAfter(deadline: .now() + 3600) { [weak self] in guard let self else { return }; self.saves += 1 }",
        ] {
            XCTAssertTrue(text.contains(line), "not in the fixed file: \(line)")
        }

        let after = try CLI.verdictRows(
            try CLI.run(["test", "--package-path", copy.path, "--scratch-path", build, "--format", "json"]))
        let reverted: Set = [
            "PlainSwiftTests.testAutoSaverSchedules", "PlainLeaksTests.PlainSwiftSuite/autoSaverSchedules()",
        ]
        XCTAssertEqual(Set(after.keys), Set(before.keys))
        for (name, row) in before {
            XCTAssertEqual(after[name]?.passed, row.passed, name)
            XCTAssertEqual(after[name]?.verdict, reverted.contains(name) ? "leaked" : "clean", name)
        }
    }
    #endif
}
