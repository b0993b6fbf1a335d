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

    /// Sources/App/Search.swift, whose `flatMap` closure (on line 6 + `linesAbove`) captures self.
    private func writeSearch(linesAbove: Int) throws {
        let padding = String(repeating: "// a comment line\n", count: linesAbove)
        try
            (padding + """
                final class SearchViewModel {
                    let disposeBag = DisposeBag()
                    func bind(_ queries: Observable<String>) {
                        queries
                            .flatMap {
                                self.search($0)
                            }
                            .subscribe()
                            .disposed(by: disposeBag)
                    }
                }
                """).write(
                to: package.appendingPathComponent("Sources/App/Search.swift"), atomically: true, encoding: .utf8)
    }

    /// A leaked `type` held by a cycle whose closure was handed to flatMap at `Search.swift:line`, at `address`.
    private func leak(_ type: String = "SearchViewModel", line: Int, address: UInt = 0x1000, subscription: Int = 3)
        throws -> Leak
    {
        let object = #"{"address": \#(address), "name": "\#(type)", "kind": "object", "type": "\#(type)"}"#
        let bag = #"{"address": 2, "name": "DisposeBag", "kind": "subscriptionContainer"}"#
        let sink = #"{"address": 3, "name": "subscription #\#(subscription) (flatMap)", "kind": "subscription"}"#
        let closure =
            #"{"address": 4, "name": "closure given to flatMap at Search.swift:\#(line)", "kind": "closure", "call": "flatMap"}"#
        let capture =
            #"{"from": \#(closure), "to": \#(object), "label": "captures", "reference": {"kind": "capture"}, "kind": "strong", "site": "Search.swift:\#(line)"}"#
        let edges = """
            [{"from": \(object), "to": \(bag), "label": "disposeBag", "reference": {"kind": "field", "name": "disposeBag"}, "kind": "strong"},
             {"from": \(bag), "to": \(sink), "label": "holds", "reference": {"kind": "ownership", "name": "holds"}, "kind": "strong"},
             {"from": \(sink), "to": \(closure), "label": "upstream", "reference": {"kind": "ownership", "name": "upstream"}, "kind": "strong"},
             \(capture)]
            """
        let pattern = #"{"id": "closure-strong-self", "name": "closure captures self strongly", "fix": "[weak self]"}"#
        let json = """
            {"typeName": "\(type)", "kind": "cycle", "address": \(address),
             "trackedAt": {"origin": "closureCapture", "file": "App/Search.swift", "line": \(line), "operatorName": "flatMap"},
             "cycle": {"edges": \(edges), "isVerified": true}, "pattern": \(pattern),
             "causes": [{"reference": \(capture),
                         "cycle": {"edges": \(edges), "isVerified": true}, "pattern": \(pattern)}]}
            """
        return try JSONDecoder().decode(Leak.self, from: Data(json.utf8))
    }

    private func verdict(_ name: String, leaks: [Leak]) -> SuiteVerdict {
        SuiteVerdict(
            framework: .xctest, name: name, ownCheck: false, passed: true,
            report: .init(isClean: leaks.isEmpty, leaks: leaks), text: "report of \(name)")
    }

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
        XCTAssertTrue(gate.text(style: Style(enabled: false)).hasPrefix("Leaks by signature (2 tests, 1 signature):\n"))
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
            fixed.text(style: Style(enabled: false)).contains(
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
            gate.text(style: Style(enabled: false)).contains(
                """
                Known library leaks (not failing):
                """), gate.text(style: Style(enabled: false)))
        XCTAssertTrue(
            gate.text(style: Style(enabled: false)).contains(
                "1 test: ReactorTests.testStub_state; WeakMapTable never frees its entries on Linux (https://example.org/weakmaptable)"
            ))
        XCTAssertFalse(self.gate([run[0]], configuration: configuration).isFailure(summary([run[0]])))
    }

    #if !canImport(ObjectiveC)
    /// ReactorKit's shapes on Linux, as `rxleaks test` reports them on its own suite: a reactor's action
    /// subject outlives it (ReactorKit's own type, tracked), and a stubbed reactor leaves its stub's
    /// subscriptions. Known to rxleaks when the graph holds WeakMapTable; judged like any leak otherwise.
    func testWeakMapTablesLeaksAreKnownLibraryLeaksOnlyInAGraphThatHoldsIt() throws {
        var stubbed = verdict("ReactorTests.testStub_state", leaks: [])
        stubbed.report.isClean = false
        stubbed.report.liveSubscriptions = [
            .init(
                id: 7, verb: "subscribe", chain: "ActionSubject<Action> → subscribe",
                site: SourceSite(file: "/src/ReactorKit/Stub.swift", line: 28), owner: "DisposeBag#3", backtrace: nil)
        ]
        let run = [
            verdict("ReactorTests.testCancel", leaks: [try leak("ActionSubject<Action>", line: 6)]), stubbed,
            verdict("SearchTests.testSearch", leaks: [try leak(line: 6)]),
        ]
        func gate(_ verdicts: [SuiteVerdict], dependencies: Set<String>) -> LeakGate {
            LeakGate(
                SuiteRun.Outcome(
                    verdicts: verdicts, testStatus: 0, testLog: "", seconds: 1, dependencies: dependencies),
                package: package, baseline: nil)
        }
        let withTable = gate(run, dependencies: ["rxswift", "weakmaptable"])
        XCTAssertEqual(
            withTable.libraryLeaks.flatMap(\.group.tests).sorted(),
            ["ReactorTests.testCancel", "ReactorTests.testStub_state"])
        XCTAssertEqual(withTable.groups.map(\.signature.type), ["SearchViewModel"], "the package's own leak is judged")
        let text = withTable.text(style: Style(enabled: false))
        XCTAssertTrue(text.contains("Known library leaks (not failing):"), text)
        XCTAssertTrue(
            text.contains(
                "1 test: ReactorTests.testCancel; ReactorKit on Linux: WeakMapTable frees entries from an Objective-C dealloc hook"
            ), text)
        XCTAssertFalse(
            gate(Array(run.prefix(2)), dependencies: ["weakmaptable"]).isFailure(summary(Array(run.prefix(2)))))

        let withoutTable = gate(Array(run.prefix(2)), dependencies: ["rxswift"])
        XCTAssertEqual(withoutTable.libraryLeaks.count, 0)
        XCTAssertTrue(withoutTable.isFailure(summary(Array(run.prefix(2)))))
    }

    func testTheGraphsPackagesAreReadFromSwiftPMsWorkspaceState() throws {
        try
            #"{"object": {"dependencies": [{"packageRef": {"identity": "rxswift"}}, {"packageRef": {"identity": "WeakMapTable"}}]}, "version": 7}"#
            .write(to: package.appendingPathComponent("workspace-state.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(KnownLibraryLeaks.dependencies(inBuildFolder: package), ["rxswift", "weakmaptable"])
        XCTAssertEqual(
            KnownLibraryLeaks.dependencies(inBuildFolder: package.appendingPathComponent("Sources")), [],
            "no build yet: none")
    }
    #endif

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
            gate.text(style: Style(enabled: false)).contains("1 test: A.testLegacy; the test asks: fixed next sprint"))
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
            gate.text(style: Style(enabled: false)).contains(
                "Lint findings confirmed by a test (1 of 2):\n  Sources/App/Search.swift:6:17 [rxleaks.closure-strong-self] confirmed by SearchTests.testSearch"
            ),
            gate.text(style: Style(enabled: false)))
    }
    #endif

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

    func testTheConfigurationSchemaAcceptsAFullFile() throws {
        let document = try JSONValue.parse(
            """
            {"schemaVersion": 1,
             "knownLibraryLeaks": [{"edgeContains": "ActionSubject<", "type": "left work", "reason": "WeakMapTable", "link": "https://example.org"}],
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
