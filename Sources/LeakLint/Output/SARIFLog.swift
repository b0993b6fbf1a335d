#if Lint
/// A SARIF 2.1.0 log with one run: the rules as the tool's driver, the
/// findings as results, unparsable files as tool execution notifications.
struct SARIFLog: Encodable {
    let version = "2.1.0"
    let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    let runs: [Run]

    enum CodingKeys: String, CodingKey {
        case version, runs
        case schema = "$schema"
    }

    init(_ result: LintResult, rules: [any LintRule]) {
        let ruleIDs = rules.map(\.id)
        runs = [Run(
            tool: Tool(driver: Driver(rules: rules.map(Rule.init))),
            results: result.findings.map { finding in
                Result(
                    ruleId: finding.rule, ruleIndex: ruleIDs.firstIndex(of: finding.rule) ?? 0,
                    message: Message(text: "\(finding.message). Fix: \(finding.fix)"),
                    locations: [Location(finding.file, line: finding.line, column: finding.column, scope: finding.scope)])
            },
            invocations: [Invocation(
                executionSuccessful: true,
                toolExecutionNotifications: result.unparsableFiles.map { file in
                    Notification(level: "error", message: Message(text: "file does not parse, not linted: \(file.message)"),
                                 locations: [Location(file.file, line: file.line, column: file.column, scope: nil)])
                })])]
    }

    struct Run: Encodable {
        let tool: Tool
        let results: [Result]
        let invocations: [Invocation]
    }

    struct Tool: Encodable {
        let driver: Driver
    }

    struct Driver: Encodable {
        let name = "rxleaks-lint"
        let rules: [Rule]
    }

    struct Rule: Encodable {
        let id: String
        let shortDescription: Message
        let fullDescription: Message
        let help: Message
        let defaultConfiguration = Configuration()

        init(_ rule: any LintRule) {
            id = rule.id
            shortDescription = Message(text: rule.summary)
            fullDescription = Message(text: "\(rule.summary) (\(rule.guide))")
            help = Message(text: rule.fix)
        }
    }

    struct Configuration: Encodable {
        let level = "warning"
    }

    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level = "warning"
        let message: Message
        let locations: [Location]
    }

    struct Message: Encodable {
        let text: String
    }

    struct Location: Encodable {
        let physicalLocation: PhysicalLocation
        let logicalLocations: [LogicalLocation]?

        init(_ file: String, line: Int, column: Int, scope: String?) {
            physicalLocation = PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: file), region: Region(startLine: line, startColumn: column))
            logicalLocations = scope.flatMap { $0.isEmpty ? nil : [LogicalLocation(fullyQualifiedName: $0)] }
        }
    }

    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region
    }

    struct ArtifactLocation: Encodable {
        let uri: String
    }

    struct Region: Encodable {
        let startLine: Int
        let startColumn: Int
    }

    struct LogicalLocation: Encodable {
        let fullyQualifiedName: String
    }

    struct Invocation: Encodable {
        let executionSuccessful: Bool
        let toolExecutionNotifications: [Notification]
    }

    struct Notification: Encodable {
        let level: String
        let message: Message
        let locations: [Location]
    }
}
#endif
