import Foundation
import LeakSuiteRecords
import Leaks
import Synchronization
import XCTest

/// XCTest in the whole-suite mode: each test's check opens as the test starts
/// and is judged once it has finished, as if the test case had released what
/// it holds (XCTest keeps every test case instance until the process ends, so
/// a `sut` stored in a property is never released for real).
final class XCTestSuiteChecks: NSObject, XCTestObservation, @unchecked Sendable {
    private static let shared = XCTestSuiteChecks()
    private let running = Mutex<[ObjectIdentifier: Running]>([:])

    /// A test's check, and what the test did about leaks itself.
    private struct Running {
        let check: OpenLeakCheck
        /// With `rxleaks test --repeat`: the growth check whose run `check` is.
        let growth: OpenGrowthCheck?
        /// Set when the test's `trackForLeaks` took the check over.
        var takenOver = false
        /// The report of the test's own check over this one, once it finished.
        var ownReport: LeakReport?
        /// Whether the test ran `assertNoLeaks`.
        var ranOwnCheck = false
        /// The reason the test gave `ignoreLeaks(because:)`.
        var ignoredBecause: String?
    }

    static func install() {
        XCTestObservationCenter.shared.addTestObserver(shared)
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        SuiteMode.output?.writeStarted(testCase.name)
        var growth: OpenGrowthCheck?
        if SuiteMode.repetitions > 1 {
            let check = OpenGrowthCheck(testCase.name)
            growth = runBefore(testCase, growth: check) ? check : nil
        }
        start(testCase, growth: growth)
    }

    /// The runs before XCTest's own, each on a fresh test case, judged as XCTest's is, so that XCTest's run is
    /// the last of the growth check's; an assertion that fails in them fails the test (XCTest records it
    /// against the running test). False when no fresh test case could be made.
    private func runBefore(_ testCase: XCTestCase, growth: OpenGrowthCheck) -> Bool {
        for _ in 1..<SuiteMode.repetitions {
            guard let fresh = XCTestRepetition.freshCase(like: testCase) else { return false }
            start(fresh, growth: growth)
            fresh.invokeTest()
            _ = judge(fresh)
        }
        return true
    }

    private func start(_ testCase: XCTestCase, growth: OpenGrowthCheck?) {
        let check =
            growth?.startRun(closureBudget: SuiteMode.closureBudget)
            ?? OpenLeakCheck(testCase.name, closureBudget: SuiteMode.closureBudget)
        running.withLock { $0[ObjectIdentifier(testCase)] = Running(check: check, growth: growth) }
    }

    /// Finishes the check of `testCase`'s run: its report, with the test's own state.
    private func judge(_ testCase: XCTestCase) -> (report: LeakReport, test: Running)? {
        guard let test = running.withLock({ $0.removeValue(forKey: ObjectIdentifier(testCase)) }) else { return nil }
        // A check its own `trackForLeaks` took over was judged by the test,
        // which failed with the report when it leaked: recorded once, as its own.
        let report = test.takenOver ? test.ownReport : test.check.finish(settle: SuiteMode.settle, releasing: testCase)
        return report.map { ($0, test) }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        guard let (report, test) = judge(testCase) else { return }
        SuiteMode.output?.write(
            SuiteVerdict(
                framework: .xctest, name: testCase.name, ownCheck: test.takenOver || test.ranOwnCheck,
                passed: testCase.testRun.map { $0.hasSucceeded }, report: SuiteVerdict.Report(report),
                text: report.description, ignoredBecause: test.ignoredBecause, growth: test.growth?.report()))
    }

    /// `testCase` called `ignoreLeaks(because:)`.
    static func ignore(_ testCase: XCTestCase, because reason: String) {
        shared.running.withLock { $0[ObjectIdentifier(testCase)]?.ignoredBecause = reason }
    }

    /// The running check of `testCase`, handed to its own `trackForLeaks`,
    /// which judges it (and fails the test) instead of the suite; `nil` when
    /// the mode is off.
    static func takeOver(_ testCase: XCTestCase) -> OpenLeakCheck? {
        guard SuiteMode.isOn else { return nil }
        return shared.running.withLock { running -> OpenLeakCheck? in
            guard var test = running[ObjectIdentifier(testCase)], !test.takenOver else { return nil }
            test.takenOver = true
            running[ObjectIdentifier(testCase)] = test
            return test.check
        }
    }

    /// The verdict of a check ``takeOver(_:)`` handed out.
    static func ownCheckFinished(_ testCase: XCTestCase, _ report: LeakReport) {
        shared.running.withLock { $0[ObjectIdentifier(testCase)]?.ownReport = report }
    }

    /// `testCase` ran `assertNoLeaks`: what that block made is judged there,
    /// and what the test made outside it here.
    static func noteOwnCheck(_ testCase: XCTestCase) {
        guard SuiteMode.isOn else { return }
        shared.running.withLock { $0[ObjectIdentifier(testCase)]?.ranOwnCheck = true }
    }
}
