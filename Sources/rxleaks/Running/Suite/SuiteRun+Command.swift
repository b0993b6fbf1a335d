import ArgumentParser
import Foundation

extension SuiteRun {
    /// Validates, builds and runs the tests with RxSwift mirrored to the switch's packages.
    func runOnTheSwitch() throws(Failure) -> Outcome {
        let swift = try validate()
        return try run(swift: swift, progress: SuiteProgress()) { configuration throws(SuiteRun.Failure) in
            try SuiteSwitch.prepare(package: package, configuration: configuration)
        }
    }

    /// Builds and runs the tests as `rxleaks test` and `rxleaks fix` do; a run
    /// that could not judge the tests is said on stderr and ends the command
    /// (64 for bad input, 128 + the signal when interrupted, else 1).
    func runForCommand() throws -> Outcome {
        do {
            return try runOnTheSwitch()
        } catch {
            switch error {
            case .badInput(let input): throw input.report()
            case .buildFailed(let output):
                Console.writeError(output)
                Console.error("\(package.lastPathComponent) does not build; its tests did not run")
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
