import Leaks
import RxCore
@testable import Scenarios
import XCTest

/// The runner against the deliberately faulty fixtures, in this process:
/// each fault becomes an outcome that says what happened.
final class FaultFixtureTests: XCTestCase {
    private func run(_ id: String, _ variant: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> VariantResult
    {
        let scenario = try XCTUnwrap(FaultFixtures.all.first { $0.id == id }, file: file, line: line)
        return ScenarioRunner.run(scenario, try XCTUnwrap(scenario.variant(named: variant), file: file, line: line))
    }

    func testAThrowingBodyIsReportedWithWhatItLeaked() throws {
        let result = try run("fault-throws", "throws-after-leaking")
        XCTAssertEqual(result.observed, .threw("the fixture gave up half way", leaked: ["FaultyScreen"]))
        XCTAssertEqual(result.observed.description, "threw: the fixture gave up half way; leaked FaultyScreen")
        XCTAssertTrue(result.matched)
        XCTAssertEqual(result.report?.leaks.first?.kind, .cycle)
    }

    func testWorkThatDoesNotSettleListsWhatIsPending() throws {
        let result = try run("fault-unsettled", "pending-timer")
        guard case .unsettled(let pending) = result.observed else { return XCTFail("\(result.observed)") }
        XCTAssertTrue(
            pending.contains {
                $0.hasPrefix("work due after 3.0 s on the dispatch queue \"fault-unsettled\", for subscription #")
                    && $0.contains("timer<Int> → subscribe at FaultFixtures.swift:79")
            }, "\(pending)")
        XCTAssertTrue(
            pending.contains { $0.hasPrefix("live subscription") && $0.contains("timer<Int> → subscribe") },
            "\(pending)")
        XCTAssertTrue(result.matched)
        // The timer is due seconds after the deadline: the next variant waits for it,
        // so it does not end during a later test's check.
        XCTAssertEqual(try run("fault-unsettled", "after-the-fault").observed, .clean)
        XCTAssertEqual(FaultFixtures.pendingTimers.wait(timeout: .now()), .success)
    }

    func testAReentrantFloodIsStoppedAndReportedAsRunaway() throws {
        let result = try run("fault-flood", "reentrant-subject")
        XCTAssertEqual(result.observed, .runawayReentrancy)
        XCTAssertEqual(try run("fault-flood", "after-the-fault").observed, .clean)
    }

    func testRunawayIsSeenWhenTheDiagnosticLogIsFull() throws {
        // A soak fills the log (it keeps the latest 1,000); counting its
        // length before and after would then see no new entry.
        for _ in 0..<20 { _ = try run("fault-flood", "reentrant-subject") }
        XCTAssertEqual(try run("fault-flood", "reentrant-subject").observed, .runawayReentrancy)
        let loop = try XCTUnwrap(Catalogue.scenario(id: "switch-feedback-loop"))
        XCTAssertEqual(
            ScenarioRunner.run(loop, try XCTUnwrap(loop.variant(named: "leaking"))).observed, .runawayReentrancy)
    }

    func testACrashingFixtureIsNotRunInProcess() throws {
        XCTAssertEqual(try run("fault-crash", "fatal-error").observed, .requiresIsolation)
    }

    func testTheFixturesAreNotInTheCatalogue() {
        let catalogue = Set(Catalogue.all.map(\.id))
        XCTAssertTrue(FaultFixtures.all.allSatisfy { !catalogue.contains($0.id) && $0.id.hasPrefix("fault-") })
    }
}
