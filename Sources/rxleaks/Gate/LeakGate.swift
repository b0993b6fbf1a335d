import Foundation
import LeakSuiteRecords

/// A run's leaks by signature, sorted into what fails and what does not:
/// what the configuration marks as a library's known leak or leaves out, what
/// a baseline already lists, and what is new. It decides `rxleaks test`'s exit
/// status and what its outputs say of each leak.
struct LeakGate {
    /// Each test's signatures: one per leak that needs a fix of its own, one for work left behind.
    let signaturesByTest: [String: [LeakSignature]]
    /// The signatures judged (neither a known library leak nor left out), with their tests.
    let groups: [LeakGroup]
    /// Signatures the configuration knows as a library's, with the entry that says why.
    let libraryLeaks: [(group: LeakGroup, entry: GateConfiguration.Matcher)]
    /// Signatures the configuration (or `--skip`) leaves out, with the entry that says why.
    let ignored: [(group: LeakGroup, entry: GateConfiguration.Matcher)]
    /// Against `--baseline`, when given.
    let comparison: BaselineComparison?
    /// The lint's findings, marked with the tests that confirm them.
    let lint: LintJoin
    /// The rules of the lint findings each signature's suspect edge is in.
    let lintRules: [LeakSignature: [String]]

    init(
        _ outcome: SuiteRun.Outcome, package: URL, baseline: Baseline?,
        configuration: GateConfiguration = GateConfiguration()
    ) {
        let scopes = SourceScopes(package: package)
        let lint = LintJoin(package: package, verdicts: outcome.verdicts)
        var byTest: [String: [LeakSignature]] = [:]
        var rules: [LeakSignature: [String]] = [:]
        for verdict in outcome.verdicts {
            let signatures = LeakGroup.signatures(of: verdict, scopes: scopes.scope(of:))
            byTest[verdict.name, default: []] += signatures
            if verdict.verdict == .leaked {
                for (signature, leak) in zip(signatures, verdict.report.leaks.filter { $0.heldBy == nil }) {
                    let found = lint.rules(of: leak)
                    if !found.isEmpty { rules[signature] = found }
                }
            }
        }
        self.lint = lint
        lintRules = rules
        // Each entry covers the tests it matches, in name order, up to its count.
        var used: [Int: Int] = [:]
        func entry(of list: [GateConfiguration.Matcher], offset: Int, for signature: LeakSignature, test: String)
            -> GateConfiguration.Matcher?
        {
            for (index, candidate) in list.enumerated() where candidate.matches(signature, test: test) {
                guard used[offset + index, default: 0] < candidate.count ?? .max else { continue }
                used[offset + index, default: 0] += 1
                return candidate
            }
            return nil
        }
        // The package's own entries first: their reasons win over those rxleaks knows of.
        let known = configuration.knownLibraryLeaks + KnownLibraryLeaks.entries(forDependencies: outcome.dependencies)
        var judged: [String: [LeakSignature]] = [:], library: [String: [LeakSignature]] = [:],
            left: [String: [LeakSignature]] = [:]
        var why: [LeakSignature: GateConfiguration.Matcher] = [:]
        let askedByTest = Dictionary(
            outcome.verdicts.compactMap { verdict in
                verdict.ignoredBecause.map {
                    (verdict.name, GateConfiguration.Matcher(test: verdict.name, reason: "the test asks: \($0)"))
                }
            }, uniquingKeysWith: { first, _ in first })
        for test in byTest.keys.sorted() {
            for signature in byTest[test] ?? [] {
                if let reason = askedByTest[test]
                    ?? entry(of: configuration.ignore, offset: 0, for: signature, test: test)
                {
                    left[test, default: []].append(signature)
                    why[signature] = why[signature] ?? reason
                } else if let reason = entry(of: known, offset: configuration.ignore.count, for: signature, test: test)
                {
                    library[test, default: []].append(signature)
                    why[signature] = why[signature] ?? reason
                } else {
                    judged[test, default: []].append(signature)
                }
            }
        }
        let groups = LeakGroup.of(judged)
        signaturesByTest = byTest
        self.groups = groups
        libraryLeaks = LeakGroup.of(library).compactMap { group in why[group.signature].map { (group, $0) } }
        ignored = LeakGroup.of(left).compactMap { group in why[group.signature].map { (group, $0) } }
        comparison = baseline.map { BaselineComparison(groups, baseline: $0) }
    }

    /// Exit status 1: a test failed, or a judged signature is new (without a
    /// baseline, every judged signature is).
    func isFailure(_ summary: TestSummary) -> Bool {
        if summary.failed > 0 || summary.crashed > 0 || summary.testsFailed { return true }
        return comparison.map { !$0.new.isEmpty } ?? !groups.isEmpty
    }

    /// What the run makes of `signature` in `test`: `new` or `known` against a
    /// baseline, `library` or `ignored` by the configuration; nil when judged
    /// without a baseline.
    func status(of signature: LeakSignature, in test: String) -> String? {
        if ignored.contains(where: { $0.group.signature == signature && $0.group.tests.contains(test) }) {
            return "ignored"
        }
        if libraryLeaks.contains(where: { $0.group.signature == signature && $0.group.tests.contains(test) }) {
            return "library"
        }
        guard let comparison else { return nil }
        return comparison.new.contains { $0.signature == signature } ? "new" : "known"
    }

    /// Whether `test`'s row fails the run: a failed test, or one of its signatures is judged and new.
    func fails(_ verdict: SuiteVerdict) -> Bool {
        switch verdict.verdict {
        case .clean, .notRun: return false
        case .leaked, .leftWork, .subscriptionGrowth:
            return (signaturesByTest[verdict.name] ?? []).contains {
                [nil, "new"].contains(status(of: $0, in: verdict.name))
            }
        case .failed, .crashed, .timedOut, .unsettled, .threw, .runawayReentrancy: return true
        }
    }

    /// The text section after the reports: each judged signature with its
    /// tests (`3 tests, 1 signature`), marked new or known against a baseline;
    /// the baseline's entries no longer seen; then the known library leaks and
    /// what was left out, each with its reason.
    func text(style: Style) -> String {
        var lines: [String] = []
        if !groups.isEmpty {
            let tests = Set(groups.flatMap(\.tests)).count
            lines.append(
                "Leaks by signature (\(tests) test\(tests == 1 ? "" : "s"), \(groups.count) signature\(groups.count == 1 ? "" : "s")):"
            )
            for group in groups {
                let mark =
                    comparison.map { comparison in comparison.new.contains(group) ? style.red("NEW ") : "known " } ?? ""
                let rules = lintRules[group.signature].map { " (lint: \($0.joined(separator: ", ")))" } ?? ""
                lines.append("  \(mark)\(group.signature.description)\(rules)")
                lines.append("    \(Self.tests(group.tests))")
            }
        }
        if let fixed = comparison?.fixed, !fixed.isEmpty {
            lines.append("In the baseline but not seen in this run (fixed: prune them):")
            lines += fixed.map { "  \($0.signature): \($0.type) ← \($0.edge)" }
        }
        for (title, list) in [
            ("Known library leaks (not failing):", libraryLeaks), ("Left out (not judged):", ignored),
        ] where !list.isEmpty {
            lines.append(title)
            for (group, entry) in list {
                lines.append("  \(group.signature.description)")
                lines.append("    \(Self.tests(group.tests)); \(entry.because)")
            }
        }
        return (lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n") + lint.text
    }

    private static func tests(_ names: [String]) -> String {
        "\(names.count) test\(names.count == 1 ? "" : "s"): \(names.joined(separator: ", "))"
    }
}
