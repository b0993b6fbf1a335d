/// The environment variables through which `rxleaks test` drives the
/// whole-suite mode in a test process: the CLI sets them, LeakTesting reads them.
package enum SuiteEnvironment {
    /// `1` switches the mode on.
    package static let mode = "RXLEAKS_SUITE"
    /// The file each test's ``SuiteVerdict`` is appended to; unset, leaking verdicts go to stderr.
    package static let results = "RXLEAKS_SUITE_RESULTS"
    /// How long, in seconds, a test's pending work may take to settle (2 s when unset).
    package static let settleSeconds = "RXLEAKS_SUITE_SETTLE_SECONDS"
    /// How many closures' captures each test's check reads (1,000 when unset).
    package static let closureBudget = "RXLEAKS_SUITE_CLOSURE_BUDGET"
    /// How many times each XCTest test runs, each run on a fresh test case, for a growth verdict
    /// (`rxleaks test --repeat N`); unset or below 2, each test runs once, as XCTest runs it.
    package static let repetitions = "RXLEAKS_SUITE_REPEAT"
    /// The process id of the test process the mode runs in, set by the mode itself: a process a test starts
    /// inherits it (a test that runs the test binary again, to see it crash), and the mode stays off there,
    /// so that only the test processes `swift test` started write verdicts.
    package static let testProcess = "RXLEAKS_SUITE_TEST_PROCESS"
}
