import Foundation
import XCTest

/// `rxleaks test` on Tests/Fixtures/StuckTasks: tasks that can never resume, named at their await. Each expected
/// verdict is the fixture's own weak-reference oracle's (the tests assert it, and pass). The runs share the
/// fixtures' scratch folder (``CLI/fixtureScratch``).
final class StuckTasksTestCommandTests: XCTestCase {
    private static let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/StuckTasks")

    /// The tests whose task awaits a continuation the store dropped: the runtime's misuse is theirs.
    private static let misused: Set = [
        "LegacyTests.testAnUnknownItemIsRequested", "StuckTasksTests.LegacySuite/anUnknownItemIsRequested()",
    ]

    /// The tests whose task awaits a continuation only the downloader it keeps holds.
    private static let stalled: Set = [
        "DownloadTests.testAStalledDownload", "StuckTasksTests.DownloadSuite/aStalledDownload()",
    ]

    /// The tests whose task, made in `Observable.create`, ticks on after the subscription is disposed.
    private static let leftRunning: Set = [
        "TicksTests.testTicksDisposedOf", "StuckTasksTests.TicksSuite/ticksDisposedOf()",
    ]

    /// The fixed twins and the look-alikes.
    private static let clean: Set = [
        "LegacyTests.testFixedAnUnknownItemIsRequested", "LegacyTests.testAKnownItemIsLoaded",
        "LegacyLookAlikeTests.testASlowRequestAnswersLater",
        "StuckTasksTests.LegacySuite/fixedAnUnknownItemIsRequested()",
        "DownloadTests.testADownloadItsTransportDelivers", "DownloadTests.testDownloadsInATaskGroup",
        "StuckTasksTests.DownloadSuite/aDownloadItsTransportDelivers()",
        "TicksTests.testFixedTicksDisposedOf", "StuckTasksTests.TicksSuite/fixedTicksDisposedOf()",
    ]

    func testTasksThatCanNeverResumeAreReportedAtTheirAwaitAndTheTwinsAreClean() throws {
        let run = try CLI.run(
            [
                "test", "--package-path", Self.fixture.path, "--scratch-path", CLI.fixtureScratch.path,
                "--format", "json",
            ])
        XCTAssertEqual(run.status, 1, run.stderr)
        let document = try run.json()
        XCTAssertEqual(try CLI.testSchema().violations(of: document), [])
        var tests: [String: JSONValue] = [:]
        for test in document["tests"]?.arrayValue ?? [] {
            tests[try XCTUnwrap(test["name"]?.stringValue)] = test
        }
        XCTAssertEqual(Set(tests.keys), Self.misused.union(Self.stalled).union(Self.leftRunning).union(Self.clean))
        for name in Self.misused {
            let test = try XCTUnwrap(tests[name], name)
            XCTAssertEqual(test["passed"]?.boolValue, true, "\(name): its oracle holds")
            XCTAssertNotEqual(test["verdict"]?.stringValue, "clean", name)
            let misuses = test["continuationMisuses"]?.arrayValue ?? []
            XCTAssertEqual(misuses.compactMap { $0["function"]?.stringValue }, ["run()"], name)
            XCTAssertEqual(
                misuses.first?["misuse"]?.stringValue, "leaked its continuation without resuming it", name)
            XCTAssertEqual(misuses.first?["awaitedAt"]?.stringValue, "Legacy.swift:24", name)
            let report = test["report"]?.stringValue ?? ""
            XCTAssertTrue(
                report.contains(
                    "run() leaked its continuation without resuming it (awaited at Legacy.swift:24): the task awaiting it"
                ),
                report)
            XCTAssertTrue(
                report.contains(
                    "nothing can resume it: its continuation was dropped unresumed (run() leaked its continuation "
                        + "without resuming it)"), report)
        }
        for name in Self.stalled {
            let test = try XCTUnwrap(tests[name], name)
            XCTAssertEqual(test["passed"]?.boolValue, true, "\(name): its oracle holds")
            XCTAssertEqual(test["verdict"]?.stringValue, "leaked", name)
            let leaks = test["leaks"]?.arrayValue ?? []
            XCTAssertEqual(leaks.compactMap { $0["typeName"]?.stringValue }, ["Downloader"], name)
            XCTAssertEqual(leaks.first?["pattern"]?["id"]?.stringValue, "task-never-resumes", name)
            let report = test["report"]?.stringValue ?? ""
            XCTAssertTrue(report.contains("suspended for ever in Downloader.fetch() at Downloader.swift:37"), report)
            XCTAssertTrue(
                report.contains("its continuation is held only by Downloader, itself held only by this task"), report)
        }
        for name in Self.leftRunning {
            let test = try XCTUnwrap(tests[name], name)
            XCTAssertEqual(test["passed"]?.boolValue, true, "\(name): its oracle holds")
            let leaks = test["leaks"]?.arrayValue ?? []
            XCTAssertEqual(leaks.compactMap { $0["typeName"]?.stringValue }, ["TickCounter"], name)
            XCTAssertEqual(leaks.first?["pattern"]?["id"]?.stringValue, "task-outlives-subscription", name)
            let report = test["report"]?.stringValue ?? ""
            XCTAssertTrue(report.contains("Task made at Ticks.swift:29"), report)
            XCTAssertTrue(report.contains("return Disposables.create { task.cancel() }"), report)
        }
        for name in Self.clean {
            let test = try XCTUnwrap(tests[name], name)
            XCTAssertEqual(test["passed"]?.boolValue, true, "\(name): its oracle holds")
            XCTAssertEqual(test["verdict"]?.stringValue, "clean", "\(name): \(test["report"]?.stringValue ?? "")")
            XCTAssertEqual(test["continuationMisuses"]?.arrayValue?.count, 0, name)
        }
    }
}
