@testable import Leaks
import RxCore
import XCTest

private final class Visit {}

private final class VisitLog {
    static let shared = VisitLog()
    var visits: [Visit] = []
}

/// Runs that are open leak checks (as the whole-suite mode's repeated tests are), counted as one growth check;
/// the oracle is the log's own count after each run.
final class OpenGrowthCheckTests: XCTestCase {
    override func tearDown() {
        VisitLog.shared.visits.removeAll()
        super.tearDown()
    }

    /// Runs `action` as three runs of an open growth check, each finished as a test runner finishes it.
    private func threeRuns(_ action: () -> Void) -> (report: GrowthReport, observed: [Int], runs: [LeakReport]) {
        let growth = OpenGrowthCheck("visits")
        var observed: [Int] = [], runs: [LeakReport] = []
        for _ in 0..<3 {
            let run = growth.startRun()
            action()
            runs.append(run.finish())
            observed.append(VisitLog.shared.visits.count)
        }
        return (growth.report(), observed, runs)
    }

    func testAVisitKeptByASingletonOnEveryRunGrows() throws {
        let result = threeRuns { VisitLog.shared.visits.append(Visit()) }
        XCTAssertEqual(result.observed, [1, 2, 3], "the oracle: the log keeps every run's visit")
        let growth = try XCTUnwrap(
            result.report.growths.first { $0.root == "VisitLog.shared" }, result.report.description)
        XCTAssertEqual(growth.counts, [1, 2, 3], result.report.description)
        XCTAssertEqual(growth.node, "Visit", result.report.description)
        XCTAssertEqual(result.report.repetitions, 3)
        // Each run is judged as a leak check too: what a global keeps is kept by design, not leaked.
        XCTAssertTrue(result.runs.allSatisfy { $0.leaks.isEmpty }, result.runs.map(\.description).joined())
    }

    func testAVisitReplacedOnEveryRunDoesNotGrow() {
        let result = threeRuns { VisitLog.shared.visits = [Visit()] }
        XCTAssertEqual(result.observed, [1, 1, 1], "the oracle: the log keeps one visit")
        XCTAssertTrue(result.report.isClean, result.report.description)
    }

    /// What other code makes between the runs (a suite running beside a growth-checked test) is not the check's:
    /// only the resources its own runs made are counted.
    func testResourcesMadeBesideTheRunsAreNotItsGrowth() {
        let growth = OpenGrowthCheck("beside")
        var beside: [PublishSubject<Int>] = []
        for _ in 0..<3 {
            _ = growth.startRun().finish()
            beside.append(PublishSubject())
        }
        XCTAssertEqual(beside.count, 3, "the oracle: one more subject alive after each run")
        XCTAssertTrue(growth.report().isClean, growth.report().description)
    }

    /// Resources each run leaves that no global of the code under test holds grow with no place to name.
    func testResourcesEachRunLeavesWithNoHolderGrow() {
        var kept: [Unmanaged<PublishSubject<Int>>] = []
        defer { kept.forEach { $0.release() } }
        let growth = OpenGrowthCheck("unheld")
        for _ in 0..<3 {
            let run = growth.startRun()
            kept.append(.passRetained(PublishSubject()))
            _ = run.finish()
        }
        let report = growth.report()
        XCTAssertEqual(report.growths, [], report.description)
        XCTAssertEqual(report.growingResourceKinds, ["subjects"], report.description)
        XCTAssertEqual(report.resources.map(\.total), [1, 2, 3], report.description)
        XCTAssertFalse(report.isClean, report.description)
    }
}
