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
        "GrowingTests.testOpeningTheAccountWatchesTheSession": (
            "SessionService.shared", ["bag", "holds"], "subscription (create<String> → subscribe, Session.swift:36)"
        ),
        "GrowingTests.testRefreshingTheFeedKeepsTheEvent": (
            "FeedService.shared", ["history", "observer"], "FeedEvent"
        ),
    ]
    private static let twins: Set = [
        "OnceTests.testTheSettingsAreMadeOnce", "OnceTests.testLoadingTheProfileReplacesItsCachedResponse",
        "OnceTests.testAReleasedWatcherRemovesItsObserver", "OnceTests.testASettingsScreenDisposesIntoItsOwnBag",
        "OnceTests.testRefreshingTheLatestFeedReplacesTheEvent", "OnceTests.testThePreferencesRelayIsMadeOnce",
    ]
    /// Swift Testing's tests run once (its repetition has no public hook between runs): no growth verdict. The
    /// twins (the relay a lazy singleton makes on first use among them) are clean, and so is what only repetition
    /// tells from a first use (an entry appended, an event replayed); a subscription left in a singleton's bag is
    /// work left.
    private static let swiftTesting: [String: String] = [
        "ScreensTests.GrowingSuite/openingTheProfileLogsAnEvent()": "clean",
        "ScreensTests.GrowingSuite/openingTheAccountWatchesTheSession()": "leftWork",
        "ScreensTests.GrowingSuite/refreshingTheFeedKeepsTheEvent()": "clean",
        "ScreensTests.OnceSuite/theSettingsAreMadeOnce()": "clean",
        "ScreensTests.OnceSuite/aSettingsScreenDisposesIntoItsOwnBag()": "clean",
        "ScreensTests.OnceSuite/refreshingTheLatestFeedReplacesTheEvent()": "clean",
        "ScreensTests.OnceSuite/theAppearanceRelayIsMadeOnce()": "clean",
    ]

    func testRepeatedThreeTimesExactlyTheGrowingTestsGrowFromTheirRoots() throws {
        try assertExactlyTheGrowingTestsGrow(try run(["--repeat", "3"], status: 1))
    }

    /// The same with `swift test --parallel`: each XCTest test is repeated in the process that runs it.
    func testRepeatedInParallelExactlyTheGrowingTestsGrowFromTheirRoots() throws {
        try assertExactlyTheGrowingTestsGrow(try run(["--repeat", "3", "--", "--parallel"], status: 1))
    }

    private func assertExactlyTheGrowingTestsGrow(_ document: JSONValue) throws {
        var verdicts: [String: String] = [:]
        for test in document["tests"]?.arrayValue ?? [] {
            let name = try XCTUnwrap(test["name"]?.stringValue)
            verdicts[name] = test["verdict"]?.stringValue
            let growths = test["growth"]?["growths"]?.arrayValue
            if Self.swiftTesting[name] != nil {
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
            // A subscription's number says in which order it was made, not what grows.
            let node = growth["node"]?.stringValue?.replacingOccurrences(
                of: #"#[0-9]+ "#, with: "", options: .regularExpression)
            XCTAssertEqual(node, expected.node, name)
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
                uniqueKeysWithValues: Self.growing.keys.map { ($0, "grew") } + Self.twins.map { ($0, "clean") }
                    + Self.swiftTesting.map { ($0, $1) }))
        XCTAssertEqual(document["summary"]?["grew"]?.numberValue, 6)
    }

    func testRunOnceNoTwinIsFlagged() throws {
        let document = try run([], status: 1)
        for test in document["tests"]?.arrayValue ?? [] {
            let name = try XCTUnwrap(test["name"]?.stringValue)
            XCTAssertNil(test["growth"], name)
            if let verdict = Self.twins.contains(name) ? "clean" : Self.swiftTesting[name] {
                XCTAssertEqual(test["verdict"]?.stringValue, verdict, "\(name): \(test["report"] ?? .null)")
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
        XCTAssertEqual(document["tests"]?.arrayValue?.count, 19)
        return document
    }
}
