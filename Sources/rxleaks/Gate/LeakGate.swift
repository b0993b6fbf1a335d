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
    /// Against `--baseline`, when given (or the baseline `--write-baseline` wrote).
    private(set) var comparison: BaselineComparison?
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
        let applying = { (entry: GateConfiguration.Matcher) in entry.applies(toDependencies: outcome.dependencies) }
        let known = (configuration.knownLibraryLeaks + KnownLibraryLeaks.entries).filter(applying)
        let ignore = configuration.ignore.filter(applying)
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
                    ?? entry(of: ignore, offset: 0, for: signature, test: test)
                {
                    left[test, default: []].append(signature)
                    why[signature] = why[signature] ?? reason
                } else if let reason = entry(of: known, offset: ignore.count, for: signature, test: test) {
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

    /// Judges the run against `baseline` from now on: `--write-baseline`'s, which records every judged signature.
    mutating func compare(with baseline: Baseline) {
        comparison = BaselineComparison(groups, baseline: baseline)
    }

    /// Exit status 1: a test failed, or a judged signature is new (without a
    /// baseline, every judged signature is).
    func isFailure(_ summary: TestSummary) -> Bool {
        if summary.failed > 0 || summary.crashed > 0 || summary.timedOut > 0 || summary.testsFailed { return true }
        return comparison.map { !$0.new.isEmpty } ?? !groups.isEmpty
    }

    /// What the run makes of `signature` in `test`; nil when it is judged without a baseline.
    func status(of signature: LeakSignature, in test: String) -> SignatureStatus? {
        if ignored.contains(where: { $0.group.signature == signature && $0.group.tests.contains(test) }) {
            return .ignored
        }
        if libraryLeaks.contains(where: { $0.group.signature == signature && $0.group.tests.contains(test) }) {
            return .library
        }
        guard let comparison else { return nil }
        return comparison.new.contains { $0.signature == signature } ? .new : .known
    }

    /// The status of a judged signature's `group`: new or known against a baseline, nil without one.
    func status(ofJudged group: LeakGroup) -> SignatureStatus? {
        comparison.map { $0.new.contains(group) ? .new : .known }
    }

    /// `test`'s state against the baseline (nil without one, or when the baseline has nothing to say of it):
    /// new when one of its judged signatures is, else known when one is listed, else fixed when the baseline
    /// lists it under a signature it no longer shows.
    func baselineState(of test: String) -> BaselineState? {
        guard let comparison else { return nil }
        let statuses = (signaturesByTest[test] ?? []).map { status(of: $0, in: test) }
        if statuses.contains(.new) { return .new }
        if statuses.contains(.known) { return .known }
        return comparison.fixedTests.contains(test) ? .fixed : nil
    }

    /// Whether `test`'s row fails the run: a failed test, or one of its signatures is judged and new.
    func fails(_ verdict: SuiteVerdict) -> Bool {
        switch verdict.verdict {
        case .clean, .notRun: return false
        case .leaked, .grew, .leftWork, .subscriptionGrowth:
            return (signaturesByTest[verdict.name] ?? []).contains {
                [nil, .new].contains(status(of: $0, in: verdict.name))
            }
        case .failed, .crashed, .timedOut, .unsettled, .threw, .runawayReentrancy: return true
        }
    }
}

/// A test's state against `--baseline` (or the baseline `--write-baseline` just wrote).
enum BaselineState: String, Codable {
    /// It shows a signature the baseline does not list (or in more tests than it records): it fails.
    case new
    /// Its signatures are the baseline's: it does not fail.
    case known
    /// The baseline lists it under a signature it no longer shows: the entry is to prune.
    case fixed

    /// `NEW`, `KNOWN`, `FIXED`: the text's column.
    var label: String { rawValue.uppercased() }
}

/// What a run makes of a signature.
enum SignatureStatus: String, Codable {
    /// Judged, and not in the baseline (or in more tests than it records): it fails the run.
    case new
    /// Judged, and listed by the baseline: it does not fail.
    case known
    /// A known library leak (the configuration's, or one rxleaks knows of): listed, not failing.
    case library
    /// Left out by the configuration, `--skip` or the test itself: listed with the reason, not judged.
    case ignored
}
