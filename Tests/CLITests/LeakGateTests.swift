import Foundation
import LeakSuiteRecords
import Leaks
@testable import rxleaks
import XCTest

/// Leak signatures and the baseline, on verdicts as the whole-suite mode writes them.
final class LeakGateTests: XCTestCase {
    private var package: URL!

    override func setUpWithError() throws {
        package = FileManager.default.temporaryDirectory.appendingPathComponent("rxleaks-gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try writeSearch(linesAbove: 0)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: package)
    }

    private func writeSearch(linesAbove: Int) throws { try SearchFixture.write(in: package, linesAbove: linesAbove) }

    private func leak(_ type: String = "SearchViewModel", line: Int, address: UInt = 0x1000, subscription: Int = 3)
        throws -> Leak
    {
        try SearchFixture.leak(type, line: line, address: address, subscription: subscription)
    }

    private func verdict(_ name: String, leaks: [Leak]) -> SuiteVerdict { SearchFixture.verdict(name, leaks: leaks) }

    private func gate(
        _ verdicts: [SuiteVerdict], baseline: Baseline? = nil, configuration: GateConfiguration = GateConfiguration()
    ) -> LeakGate {
        LeakGate(
            SuiteRun.Outcome(verdicts: verdicts, testStatus: 0, testLog: "", seconds: 1), package: package,
            baseline: baseline,
            configuration: configuration)
    }

    private func summary(_ verdicts: [SuiteVerdict]) -> TestSummary {
        TestSummary(SuiteRun.Outcome(verdicts: verdicts, testStatus: 0, testLog: "", seconds: 1))
    }

    func testTheSignatureIgnoresLinesAddressesAndObjectNumbersButNotTheType() throws {
        let first = LeakSignature(try leak(line: 6), scopes: { _ in nil })
        let moved = LeakSignature(try leak(line: 16, address: 0x9000, subscription: 12), scopes: { _ in nil })
        XCTAssertEqual(first, moved)
        XCTAssertEqual(first.edge, "closure given to flatMap captures SearchViewModel")
        XCTAssertEqual(first.pattern, "closure-strong-self")
        XCTAssertNotEqual(first.id, LeakSignature(try leak("ProfileViewModel", line: 6), scopes: { _ in nil }).id)
    }

    func testCodeShiftedByTenLinesKeepsEverySignature() throws {
        let before = gate([verdict("SearchTests.testSearch", leaks: [try leak(line: 6)])]).signaturesByTest
        try writeSearch(linesAbove: 10)
        let after = gate([verdict("SearchTests.testSearch", leaks: [try leak(line: 16)])]).signaturesByTest
        XCTAssertEqual(before, after)
        #if Lint
        XCTAssertEqual(
            before["SearchTests.testSearch"]?.first?.scope, "SearchViewModel.bind(_:)",
            "the scope is read with the lint's parser")
        #else
        XCTAssertNil(before["SearchTests.testSearch"]?.first?.scope, "no parser without the Lint trait")
        #endif
    }

    func testTwoTestsWithOneCauseShareOneSignature() throws {
        let gate = gate([
            verdict("A.testOne", leaks: [try leak(line: 6)]),
            verdict("A.testTwo", leaks: [try leak(line: 6, address: 0x2000)]),
            verdict("A.testClean", leaks: []),
        ])
        XCTAssertEqual(gate.groups.count, 1)
        XCTAssertEqual(gate.groups.first?.tests, ["A.testOne", "A.testTwo"])
        XCTAssertTrue(
            GateText.render(gate, style: Style(enabled: false)).hasPrefix(
                "Leaks by signature (2 tests, 1 signature):\n"))
    }

    func testABaselineOfTheRunPassesAndANewLeakFailsAlone() throws {
        let run = [verdict("A.testOne", leaks: [try leak(line: 6)])]
        let baseline = try JSONDecoder().decode(Baseline.self, from: Data(try Baseline(gate(run).groups).json().utf8))
        let summary = TestSummary(SuiteRun.Outcome(verdicts: run, testStatus: 0, testLog: "", seconds: 1))
        XCTAssertTrue(gate(run).isFailure(summary), "without a baseline a leak fails")
        XCTAssertFalse(gate(run, baseline: baseline).isFailure(summary))

        let grown = run + [verdict("A.testNew", leaks: [try leak("ProfileViewModel", line: 6)])]
        let comparison = try XCTUnwrap(gate(grown, baseline: baseline).comparison)
        XCTAssertEqual(comparison.new.map(\.signature.type), ["ProfileViewModel"])
        XCTAssertEqual(comparison.known.map(\.signature.type), ["SearchViewModel"])
        XCTAssertTrue(
            gate(grown, baseline: baseline).isFailure(
                TestSummary(SuiteRun.Outcome(verdicts: grown, testStatus: 0, testLog: "", seconds: 1))))
    }

    func testAKnownLeakInMoreTestsThanRecordedIsNew() throws {
        let baseline = Baseline(gate([verdict("A.testOne", leaks: [try leak(line: 6)])]).groups)
        let comparison = try XCTUnwrap(
            gate(
                [
                    verdict("A.testOne", leaks: [try leak(line: 6)]),
                    verdict("A.testTwo", leaks: [try leak(line: 6)]),
                ], baseline: baseline
            ).comparison)
        XCTAssertEqual(comparison.new.map(\.tests), [["A.testOne", "A.testTwo"]])
        XCTAssertEqual(comparison.known, [])
    }

    func testABaselineEntryNoLongerSeenIsListedAsFixed() throws {
        let baseline = Baseline(gate([verdict("A.testOne", leaks: [try leak(line: 6)])]).groups)
        let fixed = gate([verdict("A.testOne", leaks: [])], baseline: baseline)
        XCTAssertEqual(fixed.comparison?.fixed.map(\.type), ["SearchViewModel"])
        XCTAssertTrue(
            GateText.render(fixed, style: Style(enabled: false)).contains(
                "In the baseline but not seen in this run (fixed: prune them):"))
    }

    func testTheBaselineFileIsSortedAndMatchesItsSchema() throws {
        let baseline = Baseline(
            gate([
                verdict("B.test", leaks: [try leak("ProfileViewModel", line: 6)]),
                verdict("A.test", leaks: [try leak(line: 6)]),
            ]).groups)
        XCTAssertEqual(baseline.leaks.map(\.signature), baseline.leaks.map(\.signature).sorted())
        let document = try JSONValue.parse(try baseline.json())
        XCTAssertEqual(
            JSONSchemaValidator(root: try CLI.schema("rxleaks-baseline.schema.json")).violations(of: document), [])
    }

    func testAKnownLibraryLeakIsReportedApartWithItsReasonAndDoesNotFail() throws {
        let run = [
            verdict("ReactorTests.testStub_state", leaks: [try leak("Stub", line: 6)]),
            verdict("A.testOne", leaks: [try leak(line: 6)]),
        ]
        let configuration = try JSONDecoder().decode(
            GateConfiguration.self,
            from: Data(
                """
                {"schemaVersion": 1, "knownLibraryLeaks": [{"type": "Stub", "reason": "WeakMapTable never frees its entries on Linux",
                 "link": "https://example.org/weakmaptable"}]}
                """.utf8))
        let gate = gate(run, configuration: configuration)
        XCTAssertEqual(gate.libraryLeaks.map(\.group.signature.type), ["Stub"])
        XCTAssertEqual(gate.groups.map(\.signature.type), ["SearchViewModel"], "the rest is judged as before")
        XCTAssertTrue(gate.isFailure(summary(run)))
        XCTAssertFalse(gate.fails(run[0]))
        XCTAssertTrue(
            GateText.render(gate, style: Style(enabled: false)).contains(
                """
                Known library leaks (not failing):
                """), GateText.render(gate, style: Style(enabled: false)))
        XCTAssertTrue(
            GateText.render(gate, style: Style(enabled: false)).contains(
                "1 test: ReactorTests.testStub_state; WeakMapTable never frees its entries on Linux (https://example.org/weakmaptable)"
            ))
        XCTAssertFalse(self.gate([run[0]], configuration: configuration).isFailure(summary([run[0]])))
    }

    #if os(Linux)
    /// A subscription a stubbed reactor leaves, shaped as `rxleaks test --format json` gave it on ReactorKit's
    /// own suite (master 784aede on Linux, `ReactorTests.testStub_state`): held from ReactorKit's static
    /// `MapTables.disposeBag`, a WeakMapTable that never frees its entries there.
    private static let stubSubscription = """
        {"chain": "ActionSubject<Action> → subscribe", "file": "ReactorKit/Stub.swift", "function": "init(reactor:disposeBag:)",
         "holder": {"global": {"module": "ReactorKit", "name": "disposeBag", "type": "MapTables"},
                    "path": {"edges": [
                      {"from": {"address": 1, "kind": "global", "name": "MapTables.disposeBag"}, "kind": "strong", "label": "dictionary[#18]",
                       "to": {"address": 2, "kind": "subscriptionContainer", "name": "DisposeBag"}},
                      {"from": {"address": 2, "kind": "subscriptionContainer", "name": "DisposeBag"}, "kind": "strong", "label": "holds",
                       "to": {"address": 3, "kind": "subscription", "name": "subscription #15 (ActionSubject<Action> → subscribe, Stub.swift:28)"}}],
                     "isVerified": true}},
         "id": 15, "line": 28, "owner": "DisposeBag#34 (Reactor(_:))", "site": "Stub.swift:28", "verb": "subscribe"}
        """

    /// The test's own subscription, never disposed, held by its own cycle (as RxSwift's suite shows one).
    private static let ownSubscription = """
        {"chain": "PublishSubject<Int> → subscribe", "file": "ReactorKitTests/ReactorTests.swift", "function": "testStub_state()",
         "holder": {"cycle": {"edges": [
                      {"from": {"address": 5, "kind": "subscription", "name": "subscription #16"}, "kind": "strong", "label": "upstream",
                       "to": {"address": 6, "kind": "subject", "name": "PublishSubject<Int>"}},
                      {"from": {"address": 6, "kind": "subject", "name": "PublishSubject<Int>"}, "kind": "strong", "label": "observer",
                       "to": {"address": 5, "kind": "subscription", "name": "subscription #16"}}],
                     "isVerified": true}},
         "id": 16, "line": 40, "site": "ReactorTests.swift:40", "verb": "subscribe"}
        """

    private func leftWork(_ name: String, _ subscriptions: [String]) throws -> SuiteVerdict {
        var verdict = verdict(name, leaks: [])
        verdict.report.isClean = false
        verdict.report.liveSubscriptions = try subscriptions.map {
            try JSONDecoder().decode(LiveSubscription.self, from: Data($0.utf8))
        }
        return verdict
    }

    private func gate(_ verdicts: [SuiteVerdict], dependencies: Set<String>) -> LeakGate {
        LeakGate(
            SuiteRun.Outcome(verdicts: verdicts, testStatus: 0, testLog: "", seconds: 1, dependencies: dependencies),
            package: package, baseline: nil)
    }

    /// rxleaks's own entry covers the stub's subscription, matched on the variable that holds it, when
    /// the graph holds WeakMapTable; judged like any work left otherwise.
    func testWeakMapTablesWorkLeftIsAKnownLibraryLeakOnlyInAGraphThatHoldsIt() throws {
        let run = [try leftWork("ReactorTests.testStub_state", [Self.stubSubscription])]
        let withTable = gate(run, dependencies: ["rxswift", "weakmaptable"])
        XCTAssertEqual(withTable.libraryLeaks.flatMap(\.group.tests), ["ReactorTests.testStub_state"])
        XCTAssertFalse(withTable.isFailure(summary(run)))
        let text = GateText.render(withTable, style: Style(enabled: false))
        XCTAssertTrue(
            text.contains(
                "1 test: ReactorTests.testStub_state; ReactorKit on Linux: WeakMapTable frees entries from an Objective-C dealloc hook"
            ), text)
        let withoutTable = gate(run, dependencies: ["rxswift"])
        XCTAssertEqual(withoutTable.libraryLeaks.count, 0)
        XCTAssertTrue(withoutTable.isFailure(summary(run)))
    }

    /// A test that leaves its own subscription beside the library's fails: each subscription has a
    /// signature of its own, and the library's entry covers only the one its variable holds.
    func testATestsOwnWorkLeftBesideALibrarysStillFails() throws {
        let mixed = try leftWork("ReactorTests.testStub_state", [Self.stubSubscription, Self.ownSubscription])
        let gate = gate([mixed], dependencies: ["rxswift", "weakmaptable"])
        XCTAssertEqual(gate.signaturesByTest[mixed.name]?.count, 2)
        XCTAssertEqual(
            gate.libraryLeaks.map(\.group.signature.edge), ["subscriptions: ActionSubject<Action> → subscribe"])
        XCTAssertEqual(gate.groups.map(\.signature.edge), ["subscriptions: PublishSubject<Int> → subscribe"])
        XCTAssertTrue(gate.fails(mixed))
        XCTAssertTrue(gate.isFailure(summary([mixed])))
    }
    #endif

    func testTheGraphsPackagesAreReadFromSwiftPMsWorkspaceState() throws {
        try
            #"{"object": {"dependencies": [{"packageRef": {"identity": "rxswift"}}, {"packageRef": {"identity": "WeakMapTable"}}]}, "version": 7}"#
            .write(to: package.appendingPathComponent("workspace-state.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(KnownLibraryLeaks.dependencies(inBuildFolder: package), ["rxswift", "weakmaptable"])
        XCTAssertEqual(
            KnownLibraryLeaks.dependencies(inBuildFolder: package.appendingPathComponent("Sources")), [],
            "no build yet: none")
    }

    func testAnIgnoreWithACountCoversThatManyTestsAndNoMore() throws {
        let run = ["A.test1", "A.test2", "A.test3"].map { verdict($0, leaks: [try! leak(line: 6)]) }
        let configuration = GateConfiguration(ignore: [
            .init(test: "A.test*", reason: "legacy screen, rewritten next quarter", count: 2)
        ])
        let gate = gate(run, configuration: configuration)
        XCTAssertEqual(gate.ignored.first?.group.tests, ["A.test1", "A.test2"])
        XCTAssertEqual(gate.groups.first?.tests, ["A.test3"])
        XCTAssertTrue(gate.isFailure(summary(run)))
        XCTAssertFalse(
            self.gate(Array(run.prefix(2)), configuration: configuration).isFailure(summary(Array(run.prefix(2)))))
    }

    func testATestThatAsksNotToBeJudgedIsLeftOutWithItsReason() throws {
        var asking = verdict("A.testLegacy", leaks: [try leak(line: 6)])
        asking.ignoredBecause = "fixed next sprint"
        let gate = gate([asking])
        XCTAssertEqual(gate.ignored.first?.entry.reason, "the test asks: fixed next sprint")
        XCTAssertFalse(gate.isFailure(summary([asking])))
        XCTAssertTrue(
            GateText.render(gate, style: Style(enabled: false)).contains(
                "1 test: A.testLegacy; the test asks: fixed next sprint"))
    }

    #if Lint
    func testALintFindingOnALeaksCycleIsConfirmedByItsTestAndAnotherHasNoMark() throws {
        try """
        final class ClockViewModel {
            let disposeBag = DisposeBag()
            var now = 0
            func start(_ ticks: Observable<Int>) {
                ticks.subscribe(onNext: { self.now = $0 }).disposed(by: disposeBag)
            }
        }
        """.write(to: package.appendingPathComponent("Sources/App/Clock.swift"), atomically: true, encoding: .utf8)
        let gate = gate([verdict("SearchTests.testSearch", leaks: [try leak(line: 5)])])
        let search = try XCTUnwrap(gate.lint.marks.first { $0.file == "Sources/App/Search.swift" })
        XCTAssertEqual(search.rule, "closure-strong-self")
        XCTAssertEqual(search.line, 6)
        XCTAssertEqual(search.confirmedBy, ["SearchTests.testSearch"])
        let clock = try XCTUnwrap(gate.lint.marks.first { $0.file == "Sources/App/Clock.swift" })
        XCTAssertEqual(clock.confirmedBy, [], "no test's leak passes through it: no mark")
        XCTAssertEqual(gate.lintRules.values.map { $0 }, [["closure-strong-self"]])
        XCTAssertTrue(
            GateText.render(gate, style: Style(enabled: false)).contains(
                "Lint findings (2): 1 confirmed by a test, 1 not confirmed by any test's leak\n"
                    + "  confirmed (a test's leak passes through the finding's chain):\n"
                    + "    Sources/App/Search.swift:6:17 [rxleaks.closure-strong-self] confirmed by SearchTests.testSearch"
            ),
            GateText.render(gate, style: Style(enabled: false)))
    }
    #endif

    /// The text lists every finding, not only the confirmed ones, with the counts of each.
    func testTheLintSectionListsConfirmedAndUnconfirmedFindingsWithTheirCounts() {
        let marks = [
            LintJoin.Mark(
                rule: "closure-strong-self", file: "Sources/App/Search.swift", line: 6, column: 17,
                message: "`self` is captured strongly", confirmedBy: ["SearchTests.testSearch"]),
            LintJoin.Mark(
                rule: "ignored-disposable", file: "Sources/App/Clock.swift", line: 3, column: 9,
                message: "the Disposable is thrown away", confirmedBy: []),
        ]
        XCTAssertEqual(
            GateText.lint(marks),
            """
            Lint findings (2): 1 confirmed by a test, 1 not confirmed by any test's leak
              confirmed (a test's leak passes through the finding's chain):
                Sources/App/Search.swift:6:17 [rxleaks.closure-strong-self] confirmed by SearchTests.testSearch
              not confirmed (no test's leak passes through it: not run by a test, or run without leaking):
                Sources/App/Clock.swift:3:9 [rxleaks.ignored-disposable] the Disposable is thrown away

            """)
        XCTAssertEqual(GateText.lint([]), "")
    }

    func testGlobsMatchAsShellPatternsDo() {
        let glob = GateConfiguration.Matcher.glob
        XCTAssertTrue(glob("ReactorTests.testStub_*", "ReactorTests.testStub_state"))
        XCTAssertTrue(glob("*Tests.test*", "ReactorTests.testStub_state"))
        XCTAssertFalse(glob("ReactorTests.testStub_*", "ReactorTests.testDispose"))
        XCTAssertFalse(glob("a*a", "a"))
        XCTAssertTrue(glob("A.test", "A.test"))
    }

    func testAConfigurationEntryThatMatchesNothingIsBadInput() throws {
        let file = package.appendingPathComponent(GateConfiguration.fileName)
        try #"{"schemaVersion": 1, "ignore": [{"reason": "no matcher"}]}"#.write(
            to: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try GateConfiguration.load(nil, package: package)) { error in
            XCTAssertTrue((error as? BadInput)?.message.contains("matches nothing") ?? false, "\(error)")
        }
        XCTAssertEqual(
            try GateConfiguration.load(nil, package: package.appendingPathComponent("Sources")), GateConfiguration(),
            "no file, no configuration")
    }

    /// `edgeContains` matched the text of a report: a file that still gives it is refused, saying what to use,
    /// rather than read with the field dropped, which would widen the entry to leaks it never meant.
    func testAnEntryMatchingReportTextIsRefusedWithWhatToUseInstead() throws {
        let file = package.appendingPathComponent(GateConfiguration.fileName)
        try
            #"{"schemaVersion": 1, "knownLibraryLeaks": [{"type": "left work", "edgeContains": "ActionSubject<", "reason": "r"}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try GateConfiguration.load(nil, package: package)) { error in
            let input = error as? BadInput
            XCTAssertTrue(input?.message.contains("edgeContains, which is no longer read") ?? false, "\(error)")
            XCTAssertTrue(input?.hint?.contains("holder {module, type, field}") ?? false, "\(error)")
        }
    }

    /// rxleaks's own list is a configuration file its loader reads, each entry saying where it applies.
    func testTheKnownLibraryLeaksListLoadsWithItsConditions() throws {
        let list = try JSONValue.parse(KnownLibraryLeaks.listText)
        XCTAssertEqual(JSONSchemaValidator(root: try CLI.schema("rxleaks-config.schema.json")).violations(of: list), [])
        let entries = try GateConfiguration.decode(
            Data(KnownLibraryLeaks.listText.utf8), from: KnownLibraryLeaks.source
        )
        .knownLibraryLeaks
        XCTAssertEqual(entries, KnownLibraryLeaks.entries)
        XCTAssertFalse(entries.isEmpty)
        XCTAssertTrue(entries.allSatisfy { $0.holder != nil && $0.package == "weakmaptable" }, "\(entries)")
        XCTAssertFalse(
            entries.contains { $0.applies(toDependencies: ["rxswift"]) }, "only with WeakMapTable in the graph")
        #if os(Linux)
        XCTAssertTrue(entries.allSatisfy { $0.applies(toDependencies: ["weakmaptable"]) })
        #else
        XCTAssertFalse(entries.contains { $0.applies(toDependencies: ["weakmaptable"]) }, "Linux only")
        #endif
    }

    func testTheConfigurationSchemaAcceptsAFullFile() throws {
        let document = try JSONValue.parse(
            """
            {"schemaVersion": 1,
             "knownLibraryLeaks": [{"holder": {"module": "ReactorKit", "type": "MapTables", "field": "disposeBag"}, "type": "left work",
                                    "platforms": ["linux"], "package": "weakmaptable", "reason": "WeakMapTable", "link": "https://example.org"}],
             "ignore": [{"test": "Legacy*", "reason": "rewritten next quarter", "count": 3}, {"signature": "0123456789abcdef", "reason": "r"}]}
            """)
        let schema = JSONSchemaValidator(root: try CLI.schema("rxleaks-config.schema.json"))
        XCTAssertEqual(schema.violations(of: document), [])
        XCTAssertFalse(
            schema.violations(of: try JSONValue.parse(#"{"schemaVersion": 1, "ignore": [{"test": "A"}]}"#)).isEmpty,
            "an entry without a reason is refused")
    }

    func testAnUnreadableBaselineIsBadInput() throws {
        let file = package.appendingPathComponent("baseline.json")
        try "{\"leaks\": 3}".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Baseline.read(file)) { error in
            XCTAssertTrue((error as? BadInput)?.message.contains("is not a baseline file") ?? false, "\(error)")
        }
    }
}
