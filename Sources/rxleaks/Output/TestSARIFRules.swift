import LeakGuide
import Leaks
import ReportFormats

/// The rules of `rxleaks test`'s SARIF log, in the order results first name them, each described by the
/// pattern's name (the sentence the text and JSON reports give), where the guide explains it, and its fix.
struct TestSARIFRules {
    private var index = SARIFLog.RuleIndex()
    private var described: [String: SARIFLog.Rule] = [:]

    /// The rules named so far, in order.
    var rules: [SARIFLog.Rule] { index.ids.compactMap { described[$0] } }

    /// The id and index of the rule of a leak of `kind` with `pattern`: the pattern's id, else `leak-cycle` or
    /// `leak-retainedFromOutside`.
    mutating func rule(of pattern: LeakPattern?, kind: LeakKind) -> (id: String, index: Int) {
        guard let pattern else {
            let id = "leak-\(kind.rawValue)"
            return rule(id, else: SARIFLog.Rule(id: id, summary: "a leak, \(kind.explanation), of no named pattern"))
        }
        return rule(
            pattern.id,
            else: SARIFLog.Rule(
                id: pattern.id, summary: pattern.name,
                description: pattern.name + (pattern.source.map { " (\($0))" } ?? ""), help: pattern.fix))
    }

    /// The id and index of the rule of a leak the baseline lists with the pattern `id` and this run no longer shows.
    mutating func rule(ofFixed id: String?) -> (id: String, index: Int) {
        let id = id ?? "leak"
        return rule(
            id,
            else: Self.guideRule(id: id, pattern: id)
                ?? SARIFLog.Rule(id: id, summary: "a leak the baseline lists and this run no longer shows"))
    }

    /// The id (`lint.ID`) and index of the rule of the lint's finding of rule `id`.
    mutating func rule(ofLint id: String) -> (id: String, index: Int) {
        let ruleID = "lint." + id
        return rule(
            ruleID,
            else: Self.guideRule(id: ruleID, pattern: id) ?? SARIFLog.Rule(id: ruleID, summary: "the lint's rule \(id)")
        )
    }

    private mutating func rule(_ id: String, else description: @autoclosure () -> SARIFLog.Rule) -> (
        id: String, index: Int
    ) {
        if described[id] == nil { described[id] = description() }
        return (id, index.index(of: id))
    }

    /// The rule `id` described by the guide's pattern `pattern`, when the guide has it.
    private static func guideRule(id: String, pattern: String) -> SARIFLog.Rule? {
        GuidePatterns.all.first { $0.id == pattern }.map {
            SARIFLog.Rule(id: id, summary: $0.name, description: "\($0.name) (\($0.guideReference))", help: $0.fix)
        }
    }
}
