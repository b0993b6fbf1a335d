import Leaks
import XCTest

extension XCTestCase {
    /// Runs `body` several times as a growth check (`GrowthCheck`) and fails the test, at the caller's
    /// line, with the growth report when a long-lived holder keeps more after every run.
    ///
    /// ```swift
    /// func testOpeningTheProfileDoesNotGrowMemory() {
    ///     assertNoGrowth {
    ///         ProfileScreen().open()
    ///     }
    /// }
    /// ```
    ///
    /// What the first run makes once (a lazy singleton, a `static let`, a cache filled once) does not fail
    /// it; leaks each run may have are the leak checks' to judge (``assertNoLeaks(_:settle:file:line:_:)``).
    ///
    /// - Parameters:
    ///   - name: the check's name in the report; the test's name by default.
    ///   - repetitions: how many times `body` runs (`GrowthCheck.defaultRepetitions`, at least two).
    ///   - settle: how pending work is finished after each run.
    ///   - file: the file the failure is reported in; the caller's by default.
    ///   - line: the line the failure is reported at; the caller's by default.
    ///   - body: the action to repeat, given each run's scope.
    /// - Returns: the report, to look into further.
    @discardableResult
    public func assertNoGrowth(
        _ name: String? = nil,
        repetitions: Int = GrowthCheck.defaultRepetitions,
        settle: SettlePolicy = .drain,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: (LeakScope) throws -> Void
    ) -> GrowthReport {
        XCTestSuiteChecks.noteOwnCheck(self)
        let report = GrowthCheck.run(name ?? self.name, repetitions: repetitions, settle: settle, body)
        if !report.isClean {
            XCTFail(report.description, file: file, line: line)
        }
        return report
    }
}
