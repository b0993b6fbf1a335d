import ArgumentParser
import Foundation

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
            cannot be given after --). The test targets must link \
            LeakTesting, or import RxSwift from https://github.com/ReactiveX/RxSwift: that URL is mirrored \
            to RxLeaks for the run (a scratch --config-path), with no file of the package changed. \
            Arguments after -- go to swift test (and to swift build unless test-only). \
            Exit status 0 when every test is clean, 1 when a test leaked, left work behind or failed, \
            or the package does not build; 64 for bad input (not a package, nothing to test).
            """)

    @Option(help: ArgumentHelp("The package whose tests to run.", valueName: "DIR"))
    var packagePath = "."

    @Option(help: ArgumentHelp("Run only the tests matching PATTERN (swift test --filter); repeatable.", valueName: "PATTERN"))
    var filter: [String] = []

    @Option(help: ArgumentHelp("Build folder and SwiftPM configuration for the run (default: one per package under ~/.cache/rxleaks/test).", valueName: "DIR"))
    var scratchPath: String?

    @Option(help: ArgumentHelp("The RxLeaks checkout RxSwift's URL is sent to (default: $RXLEAKS_CHECKOUT, else the one this rxleaks was built from).", valueName: "DIR"))
    var rxleaks: String?

    @Option(help: "Output: text (a table, then each leak), json (docs/rxleaks-test.schema.json), junit or sarif.")
    var format: TestOutputFormat = .text

    @Argument(parsing: .postTerminator, help: "Arguments for swift test, after --.")
    var swiftArguments: [String] = []

    func run() throws {
        let package = URL(fileURLWithPath: packagePath).standardizedFileURL
        let suite = SuiteRun(package: package,
                             scratch: scratchPath.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? SuiteRun.defaultScratch(for: package),
                             filters: filter, swiftArguments: swiftArguments)
        let outcome: SuiteRun.Outcome
        do {
            let swift = try suite.validate()
            outcome = try suite.run(swift: swift, progress: SuiteProgress()) { configuration throws(SuiteRun.Failure) in
                try SuiteSwitch.prepare(package: package, configuration: configuration, checkout: rxleaks)
            }
        } catch {
            switch error {
            case .badInput(let input): throw input.report()
            case .buildFailed(let errors, let log):
                Console.writeError(errors.joined(separator: "\n") + "\n")
                Console.error("\(package.lastPathComponent) does not build; its tests did not run",
                              hint: "The build's whole output: \(log.path)")
            case .failed(let message, let hint):
                Console.error(message, hint: hint)
            case .interrupted(let signal):
                Console.error("interrupted; \(package.path) was left as it was found")
                throw ExitCode(128 + signal)
            }
            throw ExitCode.failure
        }
        switch format {
        case .text: Console.write(TestText.render(outcome, style: Style(enabled: Console.stdoutHasColour)))
        case .json: Console.write(try TestDocument(outcome, package: package).json())
        case .junit: Console.write(TestJUnit.render(outcome))
        case .sarif: Console.write(try TestSARIF(outcome, package: package).json())
        }
        if TestSummary(outcome).isFailure { throw ExitCode.failure }
    }
}

/// `text`, `json`, `junit` or `sarif`.
enum TestOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, junit, sarif
}
