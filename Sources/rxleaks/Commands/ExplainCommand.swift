import ArgumentParser
import ChildProcesses
import Foundation
import Leaks
import Scenarios

/// `rxleaks explain ID`: why a scenario leaks, shown on a real run: the
/// retain cycle, the guide's pattern and passage, and the fix.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a scenario: the cycle path, the pattern, the guide passage and the fix.",
        discussion: "Runs the scenario's leaking variants (or those --variant names) to show what really leaks.")

    @Argument(help: ArgumentHelp("A scenario id (or a glob pattern).", valueName: "ID"))
    var pattern: String

    @OptionGroup var execution: ExecutionOptions

    @Flag(help: "Print the cycle and its neighbourhood as Graphviz DOT instead of text.")
    var dot = false

    @Option(help: ArgumentHelp("Render the graph to FILE (.svg or .png) with Graphviz's `dot`.", valueName: "FILE"))
    var render: String?

    func validate() throws {
        if let render, Renderer.format(of: render) == nil {
            throw ValidationError("--render needs a file name ending in .svg or .png, not '\(render)'.")
        }
    }

    func run() throws {
        let selection = try execution.select([pattern], defaultFilter: .role(.leaking))
        var renderer: Renderer?
        if let render {
            guard let dotPath = ChildProcess.find("dot") else {
                Console.error(
                    "--render needs Graphviz's `dot`, which is not on PATH",
                    hint:
                        "install Graphviz (apt-get install graphviz, brew install graphviz),\nor print the graph with --dot and render it elsewhere"
                )
                throw ExitCode.failure
            }
            renderer = Renderer(dot: dotPath, output: render)
        }
        execution.enableBacktraces()
        let records = RunSession(timeLimit: execution.timeLimit).run(execution.jobs(for: selection))
        let graph = CycleGraph.dot(records, name: selection.scenarios.map(\.id).joined(separator: ", "))
        if let renderer {
            do {
                try renderer.write(graph)
            } catch {
                Console.error("could not render \(renderer.output): \(error)")
                throw ExitCode.failure
            }
            Console.writeError("rxleaks: wrote \(renderer.output)\n")
        }
        if dot {
            Console.write(graph)
        } else if renderer == nil {
            Console.write(text(selection, records, style: Style(enabled: Console.stdoutHasColour)))
        }
    }

    private func text(_ selection: Selection, _ records: [VariantRecord], style: Style) -> String {
        var output = ""
        for scenario in selection.scenarios {
            output += style.bold("\(scenario.id): \(scenario.title)") + "\n"
            output += "Guide: \(scenario.guide.file), section \"\(scenario.guide.section)\"\n"
            output += indent(scenario.guide.passage, "  │ ") + "\n\n"
            output += style.bold("Why it leaks") + "\n" + indent(scenario.explanation, "  ") + "\n\n"
            output += style.bold("Fix") + "\n" + indent(scenario.fix, "  ") + "\n"
            for record in records where record.scenario == scenario.id {
                output += "\n" + style.bold("Variant \(record.variantLabel)") + ": \(record.outcome.description) "
                output +=
                    (record.matched ? style.green("(as expected)") : style.red("(expected \(record.expectation))"))
                    + "\n"
                output += record.leaks.listing.map { "  " + $0 + "\n" }.joined()
                if !record.liveSubscriptions.isEmpty {
                    output += "  Live subscriptions (\(record.liveSubscriptions.count)):\n"
                    output += record.liveSubscriptions.map { "    \($0)\n" }.joined()
                }
                if execution.backtraces {
                    output += RunText.backtraceLines(record).map { $0.dropFirst(4) + "\n" }.joined()
                }
            }
            output += "\n"
        }
        return output
    }

    private func indent(_ text: String, _ prefix: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }
}

/// Renders DOT to SVG or PNG with Graphviz.
struct Renderer {
    /// The `dot` executable.
    let dot: String
    /// The file to write.
    let output: String

    /// `svg` or `png` from the file name, nil for anything else.
    static func format(of path: String) -> String? {
        let suffix = path.split(separator: ".").last.map { $0.lowercased() }
        return suffix == "svg" || suffix == "png" ? suffix : nil
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func write(_ graph: String) throws {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("rxleaks-\(getpid()).dot")
        try Data(graph.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let result = try ChildProcess.run(
            dot, ["-T\(Renderer.format(of: output)!)", "-o", output, input.path], timeLimit: 60)
        guard result.termination == .exited(0) else {
            throw Failure(description: result.stderr.isEmpty ? "dot ended with \(result.termination)" : result.stderr)
        }
    }
}
