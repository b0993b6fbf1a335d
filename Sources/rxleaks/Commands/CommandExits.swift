import Foundation
import ArgumentParser

extension BadInput {
    /// Prints the error on stderr and returns the exit code to throw (64).
    func report() -> ExitCode {
        Console.error(message, hint: hint)
        return .badInput
    }
}

extension SuiteRun {
    /// Builds and runs the tests as `rxleaks test` and `rxleaks fix` do; a run
    /// that could not judge the tests is said on stderr and ends the command
    /// (64 for bad input, 128 + the signal when interrupted, else 1).
    func runForCommand(checkout: String?) throws -> Outcome {
        do {
            return try runOnTheSwitch(checkout: checkout)
        } catch {
            throw error.report(package: package)
        }
    }
}

extension SuiteRun.Failure {
    /// Says on stderr why the run could not judge the tests of `package`, and returns the exit code to throw.
    func report(package: URL) -> ExitCode {
        switch self {
        case .badInput(let input): return input.report()
        case .buildFailed(let errors, let log):
            Console.writeError(errors.joined(separator: "\n") + "\n")
            Console.error(
                "\(package.lastPathComponent) does not build; its tests did not run",
                hint: "The build's whole output: \(log.path)")
        case .failed(let message, let hint):
            Console.error(message, hint: hint)
        case .interrupted(let signal):
            Console.error("interrupted; \(package.path) was left as it was found")
            return ExitCode(128 + signal)
        }
        return .failure
    }
}
