import ChildProcesses
import Foundation

/// Runs this very test binary in a child process with `arguments` and extra
/// `environment` (output discarded), killing it after two minutes: tests that
/// read a real run from the outside (its event stream, its suite-mode verdicts).
func runThisTestBinary(_ arguments: [String], environment: [String: String]) throws {
    let run = try ChildProcess.run(ChildProcess.currentExecutable, arguments, environment: environment, timeLimit: 120)
    if run.termination == .timedOut { throw ChildRunTimedOut(arguments: arguments) }
}

/// The child run by ``runThisTestBinary(_:environment:)`` was still running after two minutes.
struct ChildRunTimedOut: Error, CustomStringConvertible {
    let arguments: [String]
    var description: String { "this test binary with \(arguments) did not finish in two minutes" }
}
