import Foundation
import ReportFormats
import LeakSuiteRecords

/// The leaks a team has reviewed and accepted for now (`rxleaks test
/// --write-baseline FILE`, then `--baseline FILE`): one entry per signature,
/// with the tests it appeared in. Sorted, one field a line, so that a change
/// reviews as a small diff. Schema: docs/rxleaks-baseline.schema.json.
struct Baseline: Codable, Equatable {
    /// The version of its signatures (``LeakSignature/version``).
    var schemaVersion = LeakSignature.version
    var leaks: [SignatureRecord]

    /// The leaks of `groups`, as `--write-baseline` records them.
    init(_ groups: [LeakGroup]) {
        leaks = groups.map { SignatureRecord($0) }.sorted { $0.signature < $1.signature }
    }

    /// Reads a baseline file.
    static func read(_ url: URL) throws(BadInput) -> Baseline {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw BadInput("cannot read the baseline \(url.path): \(error.localizedDescription)")
        }
        do {
            let baseline = try JSONDecoder().decode(Baseline.self, from: data)
            guard baseline.schemaVersion == LeakSignature.version else {
                throw BadInput(
                    "the baseline \(url.path) has schema version \(baseline.schemaVersion), whose signatures this rxleaks "
                        + "(signatures version \(LeakSignature.version)) no longer makes",
                    hint:
                        "review the run's leaks, then rewrite the baseline with `rxleaks test --write-baseline "
                        + "\(url.path)` (the signature contract: docs/reports.md)")
            }
            return baseline
        } catch let error as BadInput {
            throw error
        } catch {
            throw BadInput(
                "the baseline \(url.path) is not a baseline file: \(error)",
                hint: "write one with `rxleaks test --write-baseline FILE` (schema: docs/rxleaks-baseline.schema.json)")
        }
    }

    /// The file's text: pretty-printed with sorted keys and a final newline.
    func json() throws -> String {
        try JSONOutput.document(self)
    }
}

/// One signature and the tests it was seen in, as the baseline records it
/// and `--format json` lists it (there with its status).
struct SignatureRecord: Codable, Equatable {
    var signature: String
    var type: String
    var edge: String
    var scope: String?
    var pattern: String?
    /// Sorted.
    var tests: [String]
    /// In a run's JSON: `new` or `known` against a baseline, `library` or `ignored` by the configuration.
    var status: SignatureStatus?
    /// In a run's JSON: the rules of the lint findings its suspect edge is in.
    var lintRules: [String]?

    init(_ group: LeakGroup, status: SignatureStatus? = nil, lintRules: [String]? = nil) {
        (signature, type, edge, scope, pattern) = (
            group.signature.id, group.signature.type, group.signature.edge,
            group.signature.scope, group.signature.pattern
        )
        (tests, self.status, self.lintRules) = (group.tests, status, lintRules)
    }
}

/// The tests one signature leaked in.
struct LeakGroup: Equatable, Hashable {
    var signature: LeakSignature
    /// Sorted.
    var tests: [String]

    /// The leaks of `verdicts` by signature, grouped across tests: each leak
    /// that needs a fix of its own (not one another leaked object holds), and
    /// the work each test left behind without leaking.
    static func of(_ signaturesByTest: [String: [LeakSignature]]) -> [LeakGroup] {
        var tests: [LeakSignature: Set<String>] = [:]
        for (test, signatures) in signaturesByTest {
            for signature in signatures { tests[signature, default: []].insert(test) }
        }
        return tests.map { LeakGroup(signature: $0.key, tests: $0.value.sorted()) }.sorted {
            $0.signature < $1.signature
        }
    }

    /// The signatures of one test's verdict: one per leak that needs a fix of
    /// its own; for work left behind, one per live subscription (with the
    /// variable that holds it, so that a library's subscription is matched
    /// apart from the test's own), or one for what was left when none is.
    static func signatures(of verdict: SuiteVerdict, scopes: (String) -> String?) -> [LeakSignature] {
        switch verdict.verdict {
        case .leaked:
            return verdict.report.leaks.filter { $0.heldBy == nil }.map { LeakSignature($0, scopes: scopes) }
        case .grew:
            guard let growth = verdict.growth else { return [] }
            // Library resources that rise with no growing place to name (no global of the code under test holds
            // them) are a growth of their own.
            return growth.growths.isEmpty
                ? [LeakSignature(resourcesOf: growth)] : growth.growths.map(LeakSignature.init)
        case .leftWork:
            let report = verdict.report
            guard report.liveSubscriptions.isEmpty else {
                // Two subscriptions made at one site along one chain are one signature.
                var seen: Set<LeakSignature> = []
                return report.liveSubscriptions.compactMap { subscription in
                    let site =
                        subscription.site.file.isEmpty
                        ? nil : "\(subscription.site.file.split(separator: "/").last ?? ""):\(subscription.site.line)"
                    let signature = LeakSignature(
                        type: LeakSignature.leftWork,
                        edge: "subscriptions: " + LeakSignature.stable(subscription.chain),
                        scope: site.flatMap(scopes), pattern: nil, holder: subscription.holder?.global)
                    return seen.insert(signature).inserted ? signature : nil
                }
            }
            let misused = Set(report.continuationMisuses.map(\.function)).sorted()
            let what =
                !report.unsettled.isEmpty
                ? "pending work: " + report.unsettled.map(LeakSignature.stable).sorted().joined(separator: "; ")
                : !misused.isEmpty
                    ? "continuations misused in: " + misused.joined(separator: "; ") : "library resources"
            return [LeakSignature(type: LeakSignature.leftWork, edge: what, scope: nil, pattern: nil)]
        default:
            return []
        }
    }
}

/// The leaks of a run against a baseline: what is new fails; what is known
/// does not; what the baseline lists and the run no longer shows is fixed.
struct BaselineComparison: Equatable {
    /// Signatures the baseline does not list, or lists in fewer tests than now.
    var new: [LeakGroup]
    /// Signatures the baseline lists, in no more tests than it records.
    var known: [LeakGroup]
    /// Baseline entries the run did not show: to prune.
    var fixed: [SignatureRecord]
    /// The tests the baseline lists under a signature the run no longer shows in them.
    var fixedTests: Set<String>

    init(_ groups: [LeakGroup], baseline: Baseline) {
        let recorded = Dictionary(baseline.leaks.map { ($0.signature, $0) }, uniquingKeysWith: { first, _ in first })
        new = groups.filter { group in recorded[group.signature.id].map { group.tests.count > $0.tests.count } ?? true }
        known = groups.filter { group in
            recorded[group.signature.id].map { group.tests.count <= $0.tests.count } ?? false
        }
        let seen = Set(groups.map(\.signature.id))
        fixed = baseline.leaks.filter { !seen.contains($0.signature) }
        let shown = Set(groups.flatMap { group in group.tests.map { "\(group.signature.id) \($0)" } })
        fixedTests = Set(
            baseline.leaks.flatMap { entry in entry.tests.filter { !shown.contains("\(entry.signature) \($0)") } })
    }

}
