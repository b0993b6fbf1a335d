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
}
