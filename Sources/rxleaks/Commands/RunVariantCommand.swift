import ArgumentParser
import ChildProcesses
import Foundation
import ReportFormats
import Leaks
import Scenarios

/// `rxleaks _run-variant ID NAME`: the child side of `--isolate`. Runs one
/// variant in this process (even one expected to crash) and prints its record
/// as one line of JSON on stdout.
struct RunVariantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_run-variant",
        abstract: "Run one variant and print its record as JSON (used by --isolate).",
        shouldDisplay: false)

    @Argument var scenarioID: String
    @Argument var variantName: String
    @Option(name: .customLong("repeat")) var repetitions = 1
    @Flag var backtraces = false
    @Flag var kindCounts = false

    /// The command line that runs this command for one variant.
    static func arguments(scenario: String, variant: String, repetitions: Int, backtraces: Bool, kindCounts: Bool)
        -> [String]
    {
        [configuration.commandName!, scenario, variant, "--repeat", String(repetitions)]
            + (backtraces ? ["--backtraces"] : []) + (kindCounts ? ["--kind-counts"] : [])
    }

    func run() throws {
        let (scenario, variant) = try exitingOnBadInput { () throws(BadInput) in
            // The fault fixtures' ids never collide with the catalogue's (`fault-…`).
            guard let scenario = (Catalogue.all + FaultFixtures.all).first(where: { $0.id == scenarioID }) else {
                throw BadInput("unknown scenario id '\(scenarioID)'")
            }
            guard let variant = scenario.variant(named: variantName) else {
                throw BadInput("scenario '\(scenarioID)' has no variant '\(variantName)'")
            }
            return (scenario, variant)
        }
        if backtraces { Backtraces.isEnabled = true }
        let job = VariantJob(
            scenario: scenario, variant: variant, repetitions: max(1, repetitions),
            backtraces: backtraces, kindCounts: kindCounts, forceIsolation: true)
        let record = RunSession.inProcess(job, inChildProcess: true)
        // A leading newline keeps the record on a line of its own even when
        // the scenario printed something without one.
        Console.write("\n" + String(decoding: try JSONOutput.line(record), as: UTF8.self) + "\n")
    }
}
