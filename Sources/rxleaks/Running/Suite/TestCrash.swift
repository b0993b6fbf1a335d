import Foundation
import LeakSuiteRecords

/// A test process that a signal ended (a `fatalError`, a trap) while a test
/// ran: `swift test` says "exited with unexpected signal code N"; the test
/// running then is the XCTest test that started and never finished in its
/// output, or the Swift Testing test that started and never ended in the
/// event stream. The tests after it in that process did not run.
struct TestCrash: Equatable {
    var signal: Int32
    /// `Suite.testName` or `Module.Suite/function()`; nil when no test was running (a crash at load or exit).
    var test: String?
    var framework: SuiteFramework

    /// The crash `swift test`'s output reports, if any.
    static func find(in log: String, swiftTesting: [SwiftTestingEvents.Outcome]) -> TestCrash? {
        guard let match = log.firstMatch(of: #/exited with unexpected signal code (\d+)/#), let signal = Int32(match.1)
        else {
            return nil
        }
        var running: String?
        for line in log.split(separator: "\n") {
            guard let test = line.firstMatch(of: #/^Test Case '(.+)' (started|passed|failed|skipped)/#) else {
                continue
            }
            running = test.2 == "started" ? String(test.1) : nil
        }
        if let running { return TestCrash(signal: signal, test: running, framework: .xctest) }
        let unfinished = swiftTesting.last { !$0.ended }
        return TestCrash(signal: signal, test: unfinished?.name, framework: .swiftTesting)
    }

    /// `verdicts` with the crashed test's row (in place of the one it may have, else last).
    func marking(_ verdicts: [SuiteVerdict], log: String) -> [SuiteVerdict] {
        let name = test ?? "(the test process, outside any test)"
        let reason = CrashCause.reason(signal: signal, stderr: log)
        let row = SuiteVerdict(
            framework: framework, name: name, ownCheck: false, passed: false,
            report: .empty,
            text:
                "Test \"\(name)\" crashed (\(reason)): its test process ended there, and the tests after it in that process did not run",
            crashSignal: signal)
        var rows = verdicts.filter { $0.name != name }
        rows.append(row)
        return rows
    }
}
