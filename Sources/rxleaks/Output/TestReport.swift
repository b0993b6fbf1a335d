import Foundation
import ReportFormats
import LeakSuiteRecords
import Leaks

/// `rxleaks test`'s totals.
struct TestSummary: Codable, Equatable {
    /// Tests judged.
    var tests: Int
    /// Tests with at least one leaked object.
    var leaked: Int
    /// Tests that leaked no object but whose long-lived holders kept more after every run (`--repeat`).
    var grew: Int
    /// Tests that leaked no object but left subscriptions, resources or pending work.
    var leftWork: Int
    /// Tests that leaked nothing, left nothing and failed.
    var failed: Int
    /// Tests that failed, whatever else they did: those that also leaked or left work count here and there.
    var failedTests: Int
    /// Tests whose process a signal ended while they ran.
    var crashed: Int
    /// Tests that ran past the per-test time limit.
    var timedOut: Int
    /// Tests that ran a leak check of their own.
    var ownCheck: Int
    /// Whether `swift test` reported a failed test.
    var testsFailed: Bool
    var seconds: Double
    /// The signal that stopped the run (`SIGTERM`, `SIGINT`): the tests not judged by then have no row.
    var interruptedBy: String?

    init(_ outcome: SuiteRun.Outcome) {
        tests = outcome.verdicts.count
        leaked = outcome.verdicts.filter { $0.verdict == .leaked }.count
        grew = outcome.verdicts.filter { $0.verdict == .grew }.count
        leftWork = outcome.verdicts.filter { $0.verdict == .leftWork }.count
        failed = outcome.verdicts.filter { $0.verdict == .failed }.count
        failedTests = outcome.verdicts.filter { $0.passed == false && $0.verdict != .timedOut }.count
        crashed = outcome.verdicts.filter { $0.verdict == .crashed }.count
        timedOut = outcome.verdicts.filter { $0.verdict == .timedOut }.count
        ownCheck = outcome.verdicts.filter(\.ownCheck).count
        testsFailed = outcome.testStatus != 0
        self.seconds = outcome.seconds
        interruptedBy = outcome.interruptedBy.map(CrashCause.signalName)
    }

    /// `12 tests: 3 leaked, 2 grew, 1 left work behind, 1 failed, 5 clean; 2 ran their own check; 41.2 s`.
    var line: String {
        var text = "\(tests) test\(tests == 1 ? "" : "s"): \(leaked) leaked"
        if grew > 0 { text += ", \(grew) grew" }
        if leftWork > 0 { text += ", \(leftWork) left work behind" }
        if failed > 0 { text += ", \(failed) failed" }
        if crashed > 0 { text += ", \(crashed) crashed" }
        if timedOut > 0 { text += ", \(timedOut) timed out" }
        text += ", \(tests - leaked - grew - leftWork - failed - crashed - timedOut) clean"
        if failedTests > failed {
            text += "; \(failedTests) failed in all (\(failedTests - failed) also leaked, left work or crashed)"
        }
        if ownCheck > 0 { text += "; \(ownCheck) ran their own check" }
        if testsFailed { text += "; swift test reported failures" }
        if let interruptedBy {
            text += "; interrupted by \(interruptedBy): incomplete, the tests not judged by then have no row"
        }
        return text + String(format: "; %.1f s", seconds)
    }
}

/// `rxleaks test --format json`: documented by `docs/rxleaks-test.schema.json`.
struct TestDocument: Encodable {
    var schemaVersion = 1
    var package: String
    var summary: TestSummary
    var tests: [Entry]
    /// The run's signatures with their tests, and their status against a baseline or the configuration.
    var signatures: [SignatureRecord]
    /// With `--baseline`: its entries this run did not show.
    var fixed: [SignatureRecord]?
    /// The lint's findings in the package's sources, each with the tests whose leaks confirm it.
    var lint: [LintJoin.Mark]

    /// One test.
    struct Entry: Encodable {
        var name: String
        var framework: SuiteFramework
        var verdict: Verdict
        var ownCheck: Bool
        var passed: Bool?
        var leaks: [Leak]
        var liveSubscriptions: [LiveSubscription]
        var resourceDelta: Int
        /// What the test itself left, by kind.
        var leftResources: [ResourceCounts.KindCount]
        /// Process-wide: the counts before a test include what earlier tests keep.
        var counts: ResourceCounts?
        var unsettled: [String]
        /// Continuations the runtime found misused during the test.
        var continuationMisuses: [ContinuationMisuse]
        var report: String
        var crashSignal: Int32?
        /// The per-test time limit it ran past (verdict timedOut).
        var timeLimitSeconds: Double?
        /// With `--repeat`: what long-lived holders kept after each run, and where it grows.
        var growth: GrowthReport?
        /// The ids of its signatures.
        var signatures: [String]
        /// Against the baseline: `new`, `known` or `fixed`; absent without one or when it has none.
        var baselineState: BaselineState?
    }

    init(_ outcome: SuiteRun.Outcome, gate: LeakGate, package: URL) {
        self.package = package.path
        summary = TestSummary(outcome)
        tests = outcome.verdicts.map { verdict in
            Entry(
                name: verdict.name, framework: verdict.framework, verdict: verdict.verdict, ownCheck: verdict.ownCheck,
                passed: verdict.passed, leaks: verdict.report.leaks,
                liveSubscriptions: verdict.report.liveSubscriptions,
                resourceDelta: verdict.report.resourceDelta, leftResources: verdict.report.leftResources,
                counts: verdict.report.counts,
                unsettled: verdict.report.unsettled, continuationMisuses: verdict.report.continuationMisuses,
                report: verdict.text, crashSignal: verdict.crashSignal, timeLimitSeconds: verdict.timeLimitSeconds,
                growth: verdict.growth,
                signatures: (gate.signaturesByTest[verdict.name] ?? []).map(\.id),
                baselineState: gate.baselineState(of: verdict.name))
        }
        signatures =
            gate.groups.map { group in
                SignatureRecord(
                    group, status: gate.status(ofJudged: group), lintRules: gate.lintRules[group.signature])
            }
            + gate.libraryLeaks.map {
                SignatureRecord($0.group, status: .library, lintRules: gate.lintRules[$0.group.signature])
            }
            + gate.ignored.map {
                SignatureRecord($0.group, status: .ignored, lintRules: gate.lintRules[$0.group.signature])
            }
        lint = gate.lint.marks
        fixed = gate.comparison?.fixed
    }

    func json() throws -> String {
        try JSONOutput.document(self)
    }
}

/// `rxleaks test`'s table: one row per test, then each leaking test's report.
enum TestText {
    static func render(_ outcome: SuiteRun.Outcome, gate: LeakGate, style: Style) -> String {
        // Against a baseline, each row says whether its leaks are new, known or fixed.
        let againstBaseline = gate.comparison != nil
        var table = TextTable(
            [("VERDICT", .left)] + (againstBaseline ? [("BASELINE", .left)] : []) + [
                ("TEST", .left), ("LEAKED", .left), ("SUBSCRIPTIONS", .right), ("LEFT", .left),
            ])
        for verdict in outcome.verdicts {
            let leaked = leakedCell(verdict.report.leaks.map(\.typeName))
            let state = gate.baselineState(of: verdict.name)
            let baselineCell = TextTable.Cell(
                state?.label ?? "—", style: state == .new ? style.red : state == .fixed ? style.green : { $0 })
            table.rows.append(
                .cells(
                    [cell(verdict, style: style)] + (againstBaseline ? [baselineCell] : []) + [
                        TextTable.Cell(verdict.name + (verdict.ownCheck ? " (own check)" : "")),
                        TextTable.Cell(leaked.isEmpty ? "—" : leaked, style: leaked.isEmpty ? { $0 } : style.red),
                        TextTable.Cell("\(verdict.report.liveSubscriptions.count)"),
                        TextTable.Cell(
                            verdict.report.leftResources.isEmpty ? "—" : verdict.report.leftResources.listing),
                    ]))
        }
        var output = table.render(headerStyle: style.bold)
        for verdict in outcome.verdicts
        where !verdict.report.isClean || [.crashed, .timedOut, .grew].contains(verdict.verdict) {
            output += "\n" + style.bold(verdict.name) + "\n" + verdict.reports + "\n"
        }
        let signatures = GateText.render(gate, style: style)
        if !signatures.isEmpty { output += "\n" + signatures }
        let summary = TestSummary(outcome)
        let line = summary.line + baselineCounts(outcome, gate: gate)
        output += "\n" + (gate.isFailure(summary) ? style.red(line) : style.green(line)) + "\n"
        return output
    }

    /// How many leaked types a row names before it says how many more: a test of a generic library can leak
    /// dozens, and each leak is listed in full below the table.
    static let leakedTypesShown = 3

    /// A row's LEAKED cell: the leaked types without their generic arguments (listed in full below the
    /// table), each once, the first ``leakedTypesShown`` of them then `+N more`, so that a row stays as wide
    /// as a terminal.
    static func leakedCell(_ typeNames: [String]) -> String {
        let names = Set(typeNames.map(LeakSignature.withoutGenericArguments)).sorted()
        let shown = names.prefix(leakedTypesShown).joined(separator: ", ")
        return names.count > leakedTypesShown ? "\(shown) +\(names.count - leakedTypesShown) more" : shown
    }

    /// `; against the baseline: 1 new, 2 known, 1 fixed` (the tests in each state); empty without a baseline.
    private static func baselineCounts(_ outcome: SuiteRun.Outcome, gate: LeakGate) -> String {
        guard gate.comparison != nil else { return "" }
        let states = outcome.verdicts.compactMap { gate.baselineState(of: $0.name) }
        let counts = [BaselineState.new, .known, .fixed].map { state in
            "\(states.filter { $0 == state }.count) \(state.rawValue)"
        }
        return "; against the baseline: " + counts.joined(separator: ", ")
    }

    private static func cell(_ verdict: SuiteVerdict, style: Style) -> TextTable.Cell {
        switch verdict.verdict {
        case .clean: TextTable.Cell("clean", style: style.green)
        case .leaked: TextTable.Cell(verdict.passed == false ? "LEAKED, FAILED" : "LEAKED", style: style.red)
        case .grew: TextTable.Cell(verdict.passed == false ? "GREW, FAILED" : "GREW", style: style.red)
        case .leftWork: TextTable.Cell(verdict.passed == false ? "LEFT WORK, FAILED" : "LEFT WORK", style: style.yellow)
        case .notRun: TextTable.Cell("not run", style: style.yellow)
        case .timedOut: TextTable.Cell("TIMED OUT", style: style.red)
        default: TextTable.Cell(verdict.verdict.rawValue.uppercased(), style: style.red)
        }
    }
}

extension SuiteVerdict {
    /// The growth report, when something grew (`--repeat`), then the leak check's report.
    var reports: String {
        (growth.flatMap { $0.isClean ? nil : $0.description + "\n" } ?? "") + text
    }
}

/// `rxleaks test --format junit`: a test suite per test class (or Swift
/// Testing suite), a test case per test; a test that leaked or left work
/// behind is a `failure` whose message is its report.
enum TestJUnit {
    static func render(_ outcome: SuiteRun.Outcome, gate: LeakGate) -> String {
        // A test whose every signature is known (baseline) or a library's or left out passes: its report goes to system-out.
        let fails = gate.fails
        let split = outcome.verdicts.map { (suite: suiteName($0.name), test: $0) }
        let order = split.map(\.suite).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let suites = order.map { suite in
            JUnitXML.Suite(
                name: suite,
                cases: split.filter { $0.suite == suite }.map(\.test).map { test in
                    let ids = (gate.signaturesByTest[test.name] ?? []).map(\.id)
                    let state = gate.baselineState(of: test.name).map { "\nbaseline: \($0.label)" } ?? ""
                    let text =
                        test.reports + (ids.isEmpty ? "" : "\nsignature: " + ids.joined(separator: ", ")) + state
                    var row = JUnitXML.Case(classname: suite, name: String(test.name.dropFirst(suite.count + 1)))
                    if fails(test) {
                        let message = test.reports.split(separator: "\n").dropFirst().first.map {
                            $0.trimmingCharacters(in: .whitespaces)
                        }
                        row.problem = .init(
                            .failure, type: test.verdict.rawValue, message: message ?? test.verdict.rawValue,
                            details: text)
                    } else if test.verdict != .clean {
                        row.output = "not failing (known, a library's, or left out)\n" + text
                    } else if let state = gate.baselineState(of: test.name) {
                        row.output = "baseline: \(state.label)"
                    }
                    return row
                })
        }
        return JUnitXML(name: "rxleaks test", seconds: outcome.seconds, suites: suites).render()
    }

    /// `Suite` of `Suite.testName`, `Module.Suite` of `Module.Suite/function()`.
    static func suiteName(_ name: String) -> String {
        if let slash = name.lastIndex(of: "/") { return String(name[..<slash]) }
        if let dot = name.lastIndex(of: ".") { return String(name[..<dot]) }
        return name
    }
}
