import ArgumentParser
import Foundation
import ReportFormats
import Scenarios

/// `rxleaks list`: the catalogue's ids, titles, guide references and variants.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the scenarios: ids, titles, guide references and variants.")

    @Argument(help: ArgumentHelp("Only the scenarios matching these ids or glob patterns.", valueName: "ID"))
    var patterns: [String] = []

    @Option(help: "Output: text or json.")
    var format: ListFormat = .text

    /// `text` or `json`.
    enum ListFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func run() throws {
        let scenarios = try exitingOnBadInput { () throws(BadInput) in
            try Selection.resolve(patterns, variants: .all).scenarios
        }
        switch format {
        case .text: Console.write(text(scenarios, style: Style(enabled: Console.stdoutHasColour)))
        case .json:
            Console.write(try JSONOutput.document(scenarios.map(ListEntry.init)))
        }
    }

    private func text(_ scenarios: [Scenario], style: Style) -> String {
        var table = TextTable([("ID", .left), ("GUIDE", .left), ("VARIANTS", .left), ("TITLE", .left)])
        for scenario in scenarios {
            let variants = scenario.variants.map { variant in
                variant.name == variant.role.rawValue ? variant.name : "\(variant.name) (\(variant.role.rawValue))"
            }
            table.rows.append(
                .cells([
                    TextTable.Cell(scenario.id, style: style.bold), TextTable.Cell(scenario.guide.description),
                    TextTable.Cell(variants.joined(separator: ", ")), TextTable.Cell(scenario.title),
                ]))
        }
        let variantCount = scenarios.map(\.variants.count).reduce(0, +)
        return table.render(headerStyle: style.bold)
            + style.dim(
                "\n\(scenarios.count) scenarios, \(variantCount) variants. Patterns match ids and guide-qualified ids "
                    + "(guide000-closure-strong-self).") + "\n"
    }
}

/// A scenario as `list --format json` gives it.
struct ListEntry: Codable {
    struct VariantEntry: Codable {
        var name: String
        var role: String
        var expectation: String
        /// Whether it always runs in a child process (it is expected to crash).
        var alwaysIsolated: Bool
    }

    var id: String
    var qualifiedID: String
    var title: String
    var guide: GuideEntry
    var variants: [VariantEntry]

    init(_ scenario: Scenario) {
        id = scenario.id
        qualifiedID = scenario.qualifiedID
        title = scenario.title
        guide = GuideEntry(scenario.guide)
        variants = scenario.variants.map { variant in
            VariantEntry(
                name: variant.name, role: variant.role.rawValue,
                expectation: variant.expectation.description, alwaysIsolated: variant.expectsCrash)
        }
    }
}
