#if Lint
import ReportFormats

extension SARIFLog {
    /// The lint's log: the rules as the tool's driver, the findings as results,
    /// unparsable files as tool execution notifications.
    init(_ result: LintResult, rules: [any LintRule]) {
        let ruleIDs = rules.map(\.id)
        self.init(
            driver: "rxleaks-lint",
            rules: rules.map { rule in
                Rule(
                    id: rule.id, summary: rule.summary, description: "\(rule.summary) (\(rule.guide))", help: rule.fix,
                    level: .warning)
            },
            results: result.findings.map { finding in
                Result(
                    ruleId: finding.rule, ruleIndex: ruleIDs.firstIndex(of: finding.rule) ?? 0, level: .warning,
                    message: "\(finding.message). Fix: \(finding.fix)",
                    locations: [
                        Location(finding.file, line: finding.line, column: finding.column, scope: finding.scope)
                    ])
            },
            notifications: result.unparsableFiles.map { file in
                Notification(
                    level: .error, message: "file does not parse, not linted: \(file.message)",
                    locations: [Location(file.file, line: file.line, column: file.column)])
            })
    }
}
#endif
