import ArgumentParser
import Foundation
import ReportFormats

/// `rxleaks test`: builds a package's tests and runs them with every test
/// inside a leak check (LeakTesting's whole-suite mode), with no change to
/// the tests; one row per test, then each leak explained.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run a package's own tests with every test inside a leak check, and name each leaking test.",
        discussion: """
            Builds the package's tests in a scratch folder (--scratch-path) and runs them with \
            RXLEAKS_SUITE=1: each XCTest test is judged once it has finished, as if its test case had \
            released what it holds; each Swift Testing test on what it made, with its pass or failure \
            from Swift Testing's event stream (so --event-stream-output-path and --event-stream-version \
            cannot be given after --). No file of the package changes: a package that asks for RxSwift \
            from https://github.com/ReactiveX/RxSwift gets that URL mirrored to RxLeaks for the run (a \
            scratch --config-path); one that names neither RxSwift nor LeakTesting is built from a \
            stand-in whose manifest adds LeakTesting to every test target. \
            Arguments after -- go to swift test (and to swift build unless test-only). \
            Each leak, and each test's work left behind, has a signature that line shifts, addresses \
            and the order of tests do not change; --write-baseline records them, and with --baseline \
            a leak whose signature it lists is reported as known and does not fail (a run that writes one is \
            judged against it). Each row says NEW, KNOWN or FIXED against the baseline. \
            With --repeat N, each XCTest test runs N times in its process and a row says GREW when a \
            long-lived holder keeps more after every run (docs/cli.md). \
            Exit status 0 when every test is clean (with --baseline: no new signature and no failed \
            test), 1 when a test leaked, grew, left work behind or failed, or the package does not build; \
            64 for bad input (not a package, nothing to test, an unreadable baseline).
            """)

    @OptionGroup var suite: SuiteRunOptions

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Run each XCTest test N times in its test process (3 is the growth checks' default) and say whether what it leaves grows.",
            valueName: "N"))
    var repetitions: Int?

    @Option(help: "Output: text (a table, then each leak), json (docs/rxleaks-test.schema.json), junit or sarif.")
    var format: TestOutputFormat = .text

    @Option(
        help: ArgumentHelp(
            "Known leaks (written by --write-baseline): only a new signature, or one in more tests than recorded, fails.",
            valueName: "FILE"))
    var baseline: String?

    @Option(
        help: ArgumentHelp(
            "Record this run's leak signatures in FILE, to review and pass to --baseline.", valueName: "FILE"))
    var writeBaseline: String?

    @Option(
        help: ArgumentHelp(
            "Known library leaks and what to leave out (default: the package's .rxleaks.json, if any).",
            valueName: "FILE"))
    var config: String?

    @Option(
        help: ArgumentHelp(
            "Leave the leaks of the tests matching PATTERN (* for any run of characters) out of the verdict; repeatable.",
            valueName: "PATTERN"))
    var skip: [String] = []

    func validate() throws {
        if let repetitions, repetitions < 2 {
            throw ValidationError("--repeat needs at least 2 runs to tell growth from what the first run makes once")
        }
    }

    func run() throws {
        let package = suite.package
        let known = try baseline.map { path in
            try exitingOnBadInput { () throws(BadInput) in try Baseline.read(URL(fileURLWithPath: path)) }
        }
        var configuration = try exitingOnBadInput { () throws(BadInput) in
            try GateConfiguration.load(config, package: package)
        }
        configuration.ignore += skip.map { GateConfiguration.Matcher(test: $0, reason: "--skip \($0)") }
        var run = suite.suiteRun
        run.repetitions = repetitions ?? 1
        let outcome = try run.runForCommand(checkout: suite.rxleaks)
        var gate = LeakGate(outcome, package: package, baseline: known, configuration: configuration)
        if let writeBaseline {
            let written = Baseline(gate.groups)
            do {
                try Data(try written.json().utf8).write(to: URL(fileURLWithPath: writeBaseline), options: .atomic)
                Console.writeError(
                    "rxleaks: wrote \(gate.groups.count) leak signature\(gate.groups.count == 1 ? "" : "s") to \(writeBaseline)\n"
                )
            } catch {
                Console.error("cannot write the baseline \(writeBaseline): \(error.localizedDescription)")
                throw ExitCode.failure
            }
            // What it recorded is known from now on: writing a baseline succeeds unless a test failed.
            if known == nil { gate.compare(with: written) }
        }
        switch format {
        case .text: Console.write(TestText.render(outcome, gate: gate, style: Style(enabled: Console.stdoutHasColour)))
        case .json: Console.write(try TestDocument(outcome, gate: gate, package: package).json())
        case .junit: Console.write(TestJUnit.render(outcome, gate: gate))
        case .sarif: Console.write(try JSONOutput.document(TestSARIF.log(outcome, gate: gate, package: package)))
        }
        if let signal = outcome.interruptedBy { throw ExitCode(128 + signal) }
        if gate.isFailure(TestSummary(outcome)) { throw ExitCode.failure }
    }
}

/// `text`, `json`, `junit` or `sarif`.
enum TestOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, junit, sarif
}
