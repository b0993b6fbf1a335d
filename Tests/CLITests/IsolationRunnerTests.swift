#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChildProcesses
@testable import rxleaks
import Scenarios
import XCTest

/// The isolation runner against the real executable's `_fault` children:
/// crashes and hangs become outcomes, the run goes on, no child survives.
final class IsolationRunnerTests: XCTestCase {
    private var executable: String { CLI.executable.path }

    private func job(_ fault: String, expect expectation: Expectation) -> VariantJob {
        let scenario = Scenario(
            id: "fault-\(fault)", title: "A child that misbehaves: \(fault)", guide: TestScenarios.guide,
            explanation: "", fix: "",
            variants: [
                Variant(fault, role: .leaking, expect: expectation) { _ in
                    XCTFail("isolated variants do not run in the parent")
                }
            ])
        var job = VariantJob(
            scenario: scenario, variant: scenario.variants[0], repetitions: 1,
            backtraces: false, kindCounts: false, forceIsolation: true)
        job.childArguments = ["_fault", fault]
        return job
    }

    func testAHangingChildIsKilledAtTheTimeLimitAndReaped() throws {
        let result = try ChildProcess.run(executable, ["_fault", "hang"], timeLimit: 0.5)
        XCTAssertEqual(result.termination, .timedOut)
        XCTAssertGreaterThanOrEqual(result.seconds, 0.5)
        XCTAssertLessThan(result.seconds, 5)
        // A zombie still answers kill(pid, 0); a reaped process is gone.
        XCTAssertEqual(kill(result.pid, 0), -1)
        XCTAssertEqual(errno, ESRCH)
    }

    func testAnUnownedReadAfterDeallocationIsACrashWithItsCause() throws {
        let result = try ChildProcess.run(
            executable, ["_fault", "unowned"], environment: ["SWIFT_BACKTRACE": "enable=no"], timeLimit: 30)
        guard case .signalled(let signal) = result.termination else { return XCTFail("\(result.termination)") }
        XCTAssertTrue([SIGABRT, SIGILL, SIGTRAP].contains(signal), CrashCause.signalName(signal))
        XCTAssertEqual(
            CrashCause.cause(signal: signal, stderr: result.stderr), "unowned reference read after deallocation")
    }

    func testTheRunGoesOnAfterAHangACrashAndGarbage() {
        let unownedExpectation = Expectation.crash(reason: "unowned reference read after deallocation")
        let jobs = [
            job("hang", expect: .clean),
            job("unowned", expect: unownedExpectation),
            job("fatal", expect: unownedExpectation),
            job("garbage", expect: .clean),
            VariantJob(
                scenario: TestScenarios.strongSelf, variant: TestScenarios.strongSelf.variants[1], repetitions: 1,
                backtraces: false, kindCounts: false, forceIsolation: false),
        ]
        // The limit applies to every child: it must be long enough for a crashing
        // child to start and die on a loaded machine, not only for the hang to end.
        let records = RunSession(timeLimit: 5, executable: executable).run(jobs)

        XCTAssertEqual(records.map(\.outcome.kind), [.timedOut, .crashed, .crashed, .failed, .clean])
        XCTAssertEqual(records[0].outcome.description, "timed out after 5 s")
        XCTAssertEqual(records[0].outcome.timeLimitSeconds, 5)
        XCTAssertFalse(records[0].matched)

        XCTAssertTrue(records[1].outcome.description.hasPrefix("crashed: SIG"), records[1].outcome.description)
        XCTAssertTrue(
            records[1].outcome.description.hasSuffix(", unowned reference read after deallocation"),
            records[1].outcome.description)
        XCTAssertEqual(records[1].outcome.cause, "unowned reference read after deallocation")
        XCTAssertTrue(records[1].matched, "a crash with the expected cause matches .crash")

        XCTAssertEqual(records[2].outcome.cause, "fatal error: rxleaks _fault fatal")
        XCTAssertFalse(records[2].matched, "a crash for another reason does not match")

        XCTAssertTrue(records[3].outcome.description.contains("without a result"), records[3].outcome.description)
        XCTAssertEqual(records[3].outcome.exitStatus, 0)

        XCTAssertTrue(records[4].matched)
        XCTAssertEqual(records.map(\.isolated), [true, true, true, true, false])
    }

    func testAVariantExpectedToCrashIsAlwaysIsolated() {
        let crashing = job("unowned", expect: .crash(reason: "unowned"))
        let plain = VariantJob(
            scenario: crashing.scenario, variant: crashing.variant, repetitions: 1,
            backtraces: false, kindCounts: false, forceIsolation: false)
        XCTAssertTrue(plain.isIsolated)
        XCTAssertEqual(plain.childArguments, ["_run-variant", "fault-unowned", "unowned", "--repeat", "1"])
    }
}
