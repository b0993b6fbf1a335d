/// A SARIF 2.1.0 log with one run, in the subset RxLeaks writes
/// (`docs/sarif-2.1.0-subset.schema.json`): `rxleaks lint` and `rxleaks test` both build one.
package struct SARIFLog: Encodable, Sendable {
    package let version = "2.1.0"
    package let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    package let runs: [Run]

    enum CodingKeys: String, CodingKey {
        case version, runs
        case schema = "$schema"
    }

    /// A log of one run of the tool `driver` names.
    package init(driver: String, rules: [Rule], results: [Result], notifications: [Notification] = []) {
        runs = [
            Run(
                tool: Tool(driver: Driver(name: driver, rules: rules)), results: results,
                invocations: [
                    Invocation(
                        executionSuccessful: true,
                        toolExecutionNotifications: notifications.isEmpty ? nil : notifications)
                ])
        ]
    }

    package struct Run: Encodable, Sendable {
        package let tool: Tool
        package let results: [Result]
        package let invocations: [Invocation]
    }

    package struct Tool: Encodable, Sendable {
        package let driver: Driver
    }

    package struct Driver: Encodable, Sendable {
        package let name: String
        package let rules: [Rule]
    }

    package struct Rule: Encodable, Sendable {
        package let id: String
        package let shortDescription: Message
        package let fullDescription: Message?
        package let help: Message?
        package let defaultConfiguration: Configuration?

        package init(id: String, summary: String, description: String? = nil, help: String? = nil, level: Level? = nil)
        {
            self.id = id
            shortDescription = Message(summary)
            fullDescription = description.map(Message.init)
            self.help = help.map(Message.init)
            defaultConfiguration = level.map(Configuration.init)
        }
    }

    package struct Configuration: Encodable, Sendable {
        package let level: Level
    }

    package enum Level: String, Encodable, Sendable {
        case error, warning, note
    }

    /// Whether a result is new against a baseline, in it still, or in it and no longer found (`absent`).
    package enum BaselineState: String, Encodable, Sendable {
        case new, unchanged, absent
    }

    package struct Result: Encodable, Sendable {
        package let ruleId: String
        package let ruleIndex: Int
        package let level: Level
        package let message: Message
        package let locations: [Location]
        package let relatedLocations: [Location]?
        package let partialFingerprints: [String: String]?
        package let baselineState: BaselineState?

        package init(
            ruleId: String, ruleIndex: Int, level: Level, message: String, locations: [Location],
            relatedLocations: [Location] = [], partialFingerprints: [String: String]? = nil,
            baselineState: BaselineState? = nil
        ) {
            self.ruleId = ruleId
            self.ruleIndex = ruleIndex
            self.level = level
            self.message = Message(message)
            self.locations = locations
            self.relatedLocations = relatedLocations.isEmpty ? nil : relatedLocations
            self.partialFingerprints = partialFingerprints
            self.baselineState = baselineState
        }
    }

    package struct Message: Encodable, Sendable {
        package let text: String

        package init(_ text: String) {
            self.text = text
        }
    }

    package struct Location: Encodable, Sendable {
        package let physicalLocation: PhysicalLocation
        package let logicalLocations: [LogicalLocation]?

        /// `file` relative to the package; a line or column below 1 is read as 1 (SARIF counts from 1).
        package init(_ file: String, line: Int, column: Int? = nil, scope: String? = nil) {
            physicalLocation = PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: file),
                region: Region(startLine: max(1, line), startColumn: column.map { max(1, $0) }))
            logicalLocations = scope.flatMap { $0.isEmpty ? nil : [LogicalLocation(fullyQualifiedName: $0)] }
        }
    }

    package struct PhysicalLocation: Encodable, Sendable {
        package let artifactLocation: ArtifactLocation
        package let region: Region
    }

    package struct ArtifactLocation: Encodable, Sendable {
        package let uri: String
    }

    package struct Region: Encodable, Sendable {
        package let startLine: Int
        package let startColumn: Int?
    }

    package struct LogicalLocation: Encodable, Sendable {
        package let fullyQualifiedName: String
    }

    package struct Invocation: Encodable, Sendable {
        package let executionSuccessful: Bool
        package let toolExecutionNotifications: [Notification]?
    }

    package struct Notification: Encodable, Sendable {
        package let level: Level
        package let message: Message
        package let locations: [Location]

        package init(level: Level, message: String, locations: [Location]) {
            self.level = level
            self.message = Message(message)
            self.locations = locations
        }
    }
}

extension SARIFLog {
    /// The results' rules, in the order they first appear, with each result's index into them.
    package struct RuleIndex: Sendable {
        package private(set) var ids: [String] = []

        package init() {}

        /// The index of `id`, added at the end the first time it is seen.
        package mutating func index(of id: String) -> Int {
            if let index = ids.firstIndex(of: id) { return index }
            ids.append(id)
            return ids.count - 1
        }
    }
}
