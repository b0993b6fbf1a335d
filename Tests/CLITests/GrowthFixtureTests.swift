import Foundation
import XCTest

/// `rxleaks test --repeat` on Tests/Fixtures/GrowthApp, a plain package whose growing actions and clean twins
/// each have an oracle (a count or a weak reference) that its tests assert, and pass. Repeated, exactly the
/// growing XCTest tests grow, each from its root with one more per run; run once, no twin is flagged.
final class GrowthFixtureTests: XCTestCase {
    private static let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/GrowthApp")

    /// Each growing test: its root, the references down from it, and what grows.
    private static let growing: [String: (root: String, references: [String], node: String)] = [
        "GrowingTests.testOpeningTheProfileLogsAnEvent": ("EventLog.shared", ["entries"], "Entry"),
        "GrowingTests.testWatchingTheThemeAddsAnObserver": (
            "NotificationCenter.default", ["notificationObserver"],
            "closure given to addObserver at ThemeWatcher.swift:15"
        ),
        "GrowingTests.testLoadingCachesTheResponseUnderItsRequestId": (
            "ResponseCache.shared", ["responses"], "[String: Response]"
        ),
        "GrowingTests.testSchedulingKeepsTheWorkItem": ("WorkQueue.shared", ["items"], "WorkItem"),
    ]
    private static let twins: Set = [
        "OnceTests.testTheSettingsAreMadeOnce", "OnceTests.testLoadingTheProfileReplacesItsCachedResponse",
        "OnceTests.testAReleasedWatcherRemovesItsObserver",
    ]
    /// Swift Testing's tests run once (its repetition has no public hook between runs): no growth verdict.
    private static let swiftTesting: Set = [
        "ScreensTests.GrowingSuite/openingTheProfileLogsAnEvent()", "ScreensTests.OnceSuite/theSettingsAreMadeOnce()",
    ]

    func testRepeatedThreeTimesExactlyTheGrowingTestsGrowFromTheirRoots() throws {
        let document = try run(["--repeat", "3"], status: 1)
        var verdicts: [String: String] = [:]
        for test in document["tests"]?.arrayValue ?? [] {
            let name = try XCTUnwrap(test["name"]?.stringValue)
            verdicts[name] = test["verdict"]?.stringValue
            let growths = test["growth"]?["growths"]?.arrayValue
            if Self.swiftTesting.contains(name) {
                XCTAssertNil(test["growth"], name)
                continue
            }
            XCTAssertEqual(test["growth"]?["repetitions"]?.numberValue, 3, name)
            guard let expected = Self.growing[name] else {
                XCTAssertEqual(growths, [], name)
                continue
            }
            let growth = try XCTUnwrap(growths?.first, name)
            XCTAssertEqual(growths?.count, 1, name)
            XCTAssertEqual(growth["root"]?.stringValue, expected.root, name)
            XCTAssertEqual(growth["node"]?.stringValue, expected.node, name)
            XCTAssertEqual(growth["counts"]?.arrayValue?.compactMap(\.numberValue), [1, 2, 3], name)
            let edges = growth["path"]?["edges"]?.arrayValue ?? []
            XCTAssertEqual(edges.first?["from"]?["name"]?.stringValue, expected.root, name)
            XCTAssertEqual(
                edges.compactMap { $0["reference"]?["name"]?.stringValue ?? $0["reference"]?["root"]?.stringValue },
                expected.references, name)
        }
        XCTAssertEqual(
            verdicts,
            Dictionary(
                uniqueKeysWithValues: Self.growing.keys.map { ($0, "grew") }
                    + (Self.twins.union(Self.swiftTesting)).map { ($0, "clean") }))
        XCTAssertEqual(document["summary"]?["grew"]?.numberValue, 4)
    }

    func testRunOnceNoTwinIsFlagged() throws {
        let document = try run([], status: 0)
        for test in document["tests"]?.arrayValue ?? [] {
            let name = try XCTUnwrap(test["name"]?.stringValue)
            XCTAssertNil(test["growth"], name)
            if Self.twins.contains(name) || Self.swiftTesting.contains(name) {
                XCTAssertEqual(test["verdict"]?.stringValue, "clean", name)
            }
        }
    }

    /// `rxleaks test` on the fixture, as JSON held to the schema; every test's oracle holds.
    private func run(_ options: [String], status: Int32) throws -> JSONValue {
        let before = try CLI.snapshot(Self.fixture)
        let run = try CLI.run(
            [
                "test", "--package-path", Self.fixture.path, "--scratch-path", CLI.fixtureScratch.path,
                "--format", "json",
            ] + options)
        XCTAssertEqual(try CLI.snapshot(Self.fixture), before, "rxleaks test changed the package")
        XCTAssertEqual(run.status, status, run.stderr)
        let document = try run.json()
        XCTAssertEqual(try CLI.testSchema().violations(of: document), [])
        for test in document["tests"]?.arrayValue ?? [] {
            XCTAssertEqual(test["passed"]?.boolValue, true, "\(test["name"] ?? .null): its oracle holds")
        }
        XCTAssertEqual(document["tests"]?.arrayValue?.count, 9)
        return document
    }
}
