import ArgumentParser
import Foundation

/// `rxleaks run [ID…]`: runs scenarios (the whole catalogue by default) and
/// judges every variant against its expectation.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenarios (all by default): resource counts, verdict and match per variant.",
        discussion: """
            Counts are live library resources by kind (subscriptions, sinks, subjects and relays, \
            disposables and bags, observables) and tracked objects. By default each column shows what \
            the variant itself made that is still alive, after teardown and after settling; with \
            --totals, the whole process's counts before the run, after teardown and after settling \
            (in one process, "before" then includes whatever earlier variants leaked; --isolate gives \
            each variant a fresh process). Exit status 0 when every variant matched, 1 otherwise.
            """)

    @Argument(
        help: ArgumentHelp(
            "Scenario ids or glob patterns over ids and guide-qualified ids (guide000-*, *-self); all when none.",
            valueName: "ID"))
    var patterns: [String] = []

    @OptionGroup var execution: ExecutionOptions

    @Flag(
        help:
            "Text output: the whole process's counts before → after teardown → after settling, instead of what each variant left."
    )
    var totals = false

    @Option(help: "Output: text (an aligned table), json (docs/rxleaks-run.schema.json) or junit (XML).")
    var format: OutputFormat = .text

    func run() throws {
        let selection = try execution.select(patterns)
        execution.enableBacktraces()
        let start = ContinuousClock.now
        let records = RunSession(timeLimit: execution.timeLimit).run(execution.jobs(for: selection))
        let summary = RunSummary(records, seconds: (ContinuousClock.now - start) / .seconds(1))
        switch format {
        case .text:
            Console.write(
                RunText.render(
                    records, summary: summary, style: Style(enabled: Console.stdoutHasColour),
                    backtraces: execution.backtraces, totals: totals))
        case .json:
            Console.write(try RunDocument(records, summary: summary).json())
        case .junit:
            Console.write(JUnitReport.render(records, summary: summary))
        }
        if summary.mismatched > 0 { throw ExitCode.failure }
    }
}
