import ArgumentParser
import Foundation

extension SuiteRun {
    /// Validates, builds and runs the tests with RxSwift mirrored to the switch's packages
    /// (`checkout`: the RxLeaks checkout to send it to, nil for the default).
    func runOnTheSwitch(checkout: String?) throws(Failure) -> Outcome {
        let swift = try validate()
        return try run(swift: swift, progress: Progress()) { configuration throws(SuiteRun.Failure) in
            try SuiteSwitch.prepare(package: package, configuration: configuration, checkout: checkout)
        }
    }

    /// Builds and runs the tests as `rxleaks test` and `rxleaks fix` do; a run
    /// that could not judge the tests is said on stderr and ends the command
    /// (64 for bad input, 128 + the signal when interrupted, else 1).
    func runForCommand(checkout: String?) throws -> Outcome {
        do {
            return try runOnTheSwitch(checkout: checkout)
        } catch {
            switch error {
            case .badInput(let input): throw input.report()
            case .buildFailed(let errors, let log):
                Console.writeError(errors.joined(separator: "\n") + "\n")
                Console.error(
                    "\(package.lastPathComponent) does not build; its tests did not run",
                    hint: "The build's whole output: \(log.path)")
            case .failed(let message, let hint):
                Console.error(message, hint: hint)
            case .interrupted(let signal):
                Console.error("interrupted; \(package.path) was left as it was found")
                throw ExitCode(128 + signal)
            }
            throw ExitCode.failure
        }
    }
}
