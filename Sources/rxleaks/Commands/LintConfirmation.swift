#if Lint
import ArgumentParser
import Foundation
import LeakLint
import Scenarios

/// `rxleaks lint --confirm [ID…]`: for each scenario, the findings lint
/// makes in its source file next to the verdicts the engine reaches running
/// its variants.
struct LintConfirmation {
    let scenarioPatterns: [String]
    let scenariosDirectory: String

    func run() throws {
        let selection = try exitingOnBadInput { () throws(BadInput) in
            try Selection.resolve(scenarioPatterns, variants: .all)
        }
        let sources = try exitingOnBadInput { () throws(BadInput) in
            try scenarioSources()
        }
        let records = RunSession(timeLimit: 10).run(
            selection.pairs.map { scenario, variant in
                VariantJob(
                    scenario: scenario, variant: variant, repetitions: 1, backtraces: false, kindCounts: false,
                    forceIsolation: false)
            })
        var text = ""
        for scenario in selection.scenarios {
            text += "\(scenario.id)\n"
            let findings = sources[scenario.id] ?? []
            if findings.isEmpty { text += "  lint    no finding\n" }
            for finding in findings {
                text +=
                    "  lint    \(finding.rule) at \((finding.file as NSString).lastPathComponent):\(finding.line) in \(finding.scope)\n"
            }
            for record in records where record.scenario == scenario.id {
                text +=
                    "  engine  \(record.variantLabel): \(record.outcome)\(record.matched ? "" : " (expected \(record.expectation))")\n"
            }
        }
        Console.write(text)
        if records.contains(where: { !$0.matched }) { throw ExitCode.failure }
    }

    /// The findings in each scenario's source file, by scenario id: the file
    /// that declares `id: "…"`.
    private func scenarioSources() throws(BadInput) -> [String: [Finding]] {
        let result: LintResult
        do {
            result = try Linter().lint(paths: [scenariosDirectory])
        } catch {
            throw BadInput(error.description, hint: "run from the package's root, or give --scenarios DIR")
        }
        var byScenario: [String: [Finding]] = [:]
        for (file, findings) in Dictionary(grouping: result.findings, by: \.file) {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            for id in Catalogue.all.map(\.id) where text.contains("id: \"\(id)\"") {
                byScenario[id, default: []] += findings
            }
        }
        return byScenario
    }
}
#endif
