import ArgumentParser
import Foundation

/// The options of the commands that run a package's tests in the whole-suite
/// mode (`test`, `fix`): which package, which tests, where to build, which
/// RxLeaks checkout, and what to pass on to `swift test`.
struct SuiteRunOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The package whose tests to run.", valueName: "DIR"))
    var packagePath = "."

    @Option(
        help: ArgumentHelp(
            "Run only the tests matching PATTERN (swift test --filter); repeatable.", valueName: "PATTERN"))
    var filter: [String] = []

    @Option(
        help: ArgumentHelp(
            "Build folder and SwiftPM configuration for the run (default: one per package under ~/.cache/rxleaks/test).",
            valueName: "DIR"))
    var scratchPath: String?

    @Option(
        help: ArgumentHelp(
            "The RxLeaks checkout RxSwift's URL is sent to (default: $RXLEAKS_CHECKOUT, else the one this rxleaks was built from).",
            valueName: "DIR"))
    var rxleaks: String?

    @Option(
        help: ArgumentHelp(
            "End the test process of a test still running after SECONDS (default 300), give it a timed-out row and run the other tests without it.",
            valueName: "SECONDS"))
    var testTimeLimit: Double = Double(SuiteRun.defaultTestTimeLimit.components.seconds)

    @Argument(parsing: .postTerminator, help: "Arguments for swift test, after --.")
    var swiftArguments: [String] = []

    /// The package, as an absolute URL.
    var package: URL { URL(fileURLWithPath: packagePath).standardizedFileURL }

    /// The run these options describe.
    var suiteRun: SuiteRun { suiteRun(filters: filter) }

    /// The run these options describe, of the tests `filters` select instead.
    func suiteRun(filters: [String]) -> SuiteRun {
        SuiteRun(
            package: package,
            scratch: scratchPath.map { URL(fileURLWithPath: $0).standardizedFileURL }
                ?? SuiteRun.defaultScratch(for: package),
            filters: filters, swiftArguments: swiftArguments, testTimeLimit: .seconds(testTimeLimit))
    }

    func validate() throws {
        guard testTimeLimit > 0, testTimeLimit.isFinite else {
            throw ValidationError("--test-time-limit must be a positive number of seconds, not \(testTimeLimit)")
        }
    }
}
