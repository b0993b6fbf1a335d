import Foundation
import XCTest

/// Faulty scenarios through the real executable: each fault is reported as
/// such and the run goes on; a crash in-process names the variant and
/// points to --isolate.
final class FaultTests: XCTestCase {
    private let quiet = ["SWIFT_BACKTRACE": "enable=no"]

    func testEveryFaultIsReportedAndTheRunGoesOn() throws {
        let invocation = try CLI.run(
            [
                "run", "--fault-fixtures", "fault-throws", "fault-unsettled", "fault-flood", "fault-crash",
                "--format", "json",
            ], environment: quiet)
        XCTAssertEqual(invocation.status, 0, invocation.stderr)
        let document = try invocation.json()
        XCTAssertEqual(try CLI.runSchema().violations(of: document), [])
        let results = try XCTUnwrap(document["results"]?.arrayValue)
        let kinds = results.compactMap { $0["outcome"]?["kind"]?.stringValue }
        XCTAssertEqual(
            kinds, ["threw", "clean", "unsettled", "clean", "runawayReentrancy", "clean", "crashed", "clean"])
        let descriptions = results.compactMap { $0["outcome"]?["description"]?.stringValue }
        XCTAssertEqual(descriptions[0], "threw: the fixture gave up half way; leaked FaultyScreen")
        XCTAssertTrue(
            descriptions[2].hasPrefix(
                "did not settle: work due after 3.0 s on the dispatch queue \"fault-unsettled\", for subscription #"),
            descriptions[2])
        XCTAssertTrue(descriptions[2].contains("live subscription #"), descriptions[2])
        XCTAssertEqual(results[0]["leaks"]?.arrayValue?.count, 1, "a throwing variant's leaks are in its record")
        XCTAssertEqual(document["summary"]?["faulted"]?.numberValue, 3)
        XCTAssertEqual(document["summary"]?["crashed"]?.numberValue, 1)

        let text = try CLI.run(["run", "--fault-fixtures", "fault-throws", "fault-flood"], environment: quiet)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("4 variants in 2 scenarios: 4 matched, 0 did not; 2 faulted"), text.stdout)
    }

    func testAnUnexpectedCrashInProcessNamesTheVariantAndPointsToIsolate() throws {
        let invocation = try CLI.run(["run", "--fault-fixtures", "fault-unexpected-crash"], environment: quiet)
        XCTAssertEqual(invocation.status, SIGILL, "killed by the trap:\n\(invocation.stderr)")
        XCTAssertTrue(
            invocation.stderr.contains(
                "rxleaks: the process crashed (SIGILL) while running fault-unexpected-crash/fatal-error in this process"
            ), invocation.stderr)
        XCTAssertTrue(invocation.stderr.contains("run with --isolate"), invocation.stderr)
    }

    func testWithIsolateAnUnexpectedCrashIsAnOutcomeAndTheRunGoesOn() throws {
        let invocation = try CLI.run([
            "run", "--fault-fixtures", "fault-unexpected-crash", "--isolate", "--format", "json",
        ])
        XCTAssertEqual(invocation.status, 1, "the crash did not match its expectation")
        let results = try XCTUnwrap(try invocation.json()["results"]?.arrayValue)
        XCTAssertEqual(results.compactMap { $0["outcome"]?["kind"]?.stringValue }, ["crashed", "clean"])
        XCTAssertEqual(results.compactMap { $0["matched"]?.boolValue }, [false, true])
    }

    func testAVariantPastTheTimeLimitInProcessIsNamedWhileItRuns() throws {
        let invocation = try CLI.run(
            ["run", "--fault-fixtures", "fault-slow", "--time-limit", "0.5"], environment: quiet)
        XCTAssertEqual(invocation.status, 0, invocation.stderr)
        XCTAssertTrue(
            invocation.stderr.contains("rxleaks: fault-slow/sleeps has been running in this process for 1 s"),
            invocation.stderr)
        XCTAssertTrue(invocation.stderr.contains("--isolate"), invocation.stderr)
        XCTAssertTrue(invocation.stdout.contains("2 variants in 1 scenario: 2 matched"), invocation.stdout)
    }

    func testTheFixturesStayOutOfTheDefaultRun() throws {
        let list = try CLI.run(["list"])
        XCTAssertFalse(list.stdout.contains("fault-"), list.stdout)
        XCTAssertEqual(try CLI.run(["run", "fault-throws"]).status, 64)
    }

    func testSoakReportsResidentMemoryAndItsGrowth() throws {
        let invocation = try CLI.run([
            "soak", "closure-strong-self", "--variant", "fixed", "--repetitions", "5", "--warm-up", "2",
            "--max-growth", "100000",
        ])
        XCTAssertEqual(invocation.status, 0, invocation.stdout + invocation.stderr)
        XCTAssertTrue(invocation.stdout.contains("repetition 5: "), invocation.stdout)
        XCTAssertTrue(invocation.stdout.contains("KiB before"), invocation.stdout)
        XCTAssertTrue(invocation.stdout.contains("KiB per repetition (bound 100000 KiB): flat"), invocation.stdout)

        let bad = try CLI.run(["soak", "--repetitions", "2", "--warm-up", "2"])
        XCTAssertEqual(bad.status, 64, bad.stderr)
    }
}
