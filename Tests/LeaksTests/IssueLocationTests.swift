import Foundation
import LeakTesting
import Leaks
import RxCore
import Testing

/// Set in the child process that runs ``LeakLocationFixtures``.
private let runsLocationFixtures = ProcessInfo.processInfo.environment["RXLEAKS_LOCATION_FIXTURES"] == "1"

private final class Kept {}

/// Holds what the fixtures leak for the rest of the process: their objects
/// are retained from outside, never freed, and reachable (as LeakSanitizer
/// requires of what a process ends with).
private let keptObjects = PublishSubject<Kept>()

/// Tests that leak on purpose, so that the issue `.leakChecked` records can be
/// read from the outside: they run only in the child process of
/// `recordedIssuesPointAtTheUsersTest`.
@Suite(.enabled(if: runsLocationFixtures, "leaks on purpose; run by recordedIssuesPointAtTheUsersTest"))
struct LeakLocationFixtures {
    @Test(.leakChecked) func explicitlyTracked() {
        let kept = Kept()
        _ = keptObjects.subscribe(onNext: { _ in _ = kept })
        trackForLeaks(kept)
    }

    @Test(.leakChecked) func trackedByCapture() {
        let kept = Kept()
        _ = keptObjects.subscribe(onNext: { _ in _ = kept })
    }
}

/// A failing `.leakChecked` test records its issue where the user's editor
/// shows it: at the `trackForLeaks` call of the leaked object, or at the test
/// for an object tracked because a closure captured it — not inside
/// LeakTesting. Proven on the event stream of a real Swift Testing run.
@Test(.enabled(if: !runsLocationFixtures))
func recordedIssuesPointAtTheUsersTest() throws {
    let issues = try recordedIssues(runningTestsMatching: "LeakLocationFixtures")
    let file = "LeaksTests/IssueLocationTests.swift"
    #expect(issues["explicitlyTracked()"]?.fileID == file)
    #expect(issues["explicitlyTracked()"]?.line == 25)
    #expect(issues["trackedByCapture()"]?.fileID == file)
    #expect(issues["trackedByCapture()"]?.line == 28)
    #expect(issues["trackedByCapture()"]?.message.contains("Kept leaked (retained from outside the check)") == true)
}

/// The source location of the first issue of each test (by function name) in
/// a Swift Testing run of this test binary, in a child process.
private func recordedIssues(runningTestsMatching filter: String) throws -> [String: (
    fileID: String, line: Int, message: String
)] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxleaks-issues-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let events = directory.appendingPathComponent("events.jsonl")

    try runThisTestBinary(
        [
            "--testing-library", "swift-testing", "--filter", filter,
            "--event-stream-output-path", events.path, "--event-stream-version", "0",
        ],
        environment: ["RXLEAKS_LOCATION_FIXTURES": "1"])

    var issues: [String: (fileID: String, line: Int, message: String)] = [:]
    for line in try String(contentsOf: events, encoding: .utf8).split(separator: "\n") {
        guard let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let payload = event["payload"] as? [String: Any], payload["kind"] as? String == "issueRecorded",
            let testID = payload["testID"] as? String,
            let location = (payload["issue"] as? [String: Any])?["sourceLocation"] as? [String: Any],
            let fileID = location["fileID"] as? String, let lineNumber = location["line"] as? Int
        else { continue }
        let name = testID.split(separator: "/").first { $0.hasSuffix(")") }.map(String.init) ?? testID
        let message =
            (payload["messages"] as? [[String: Any]])?.compactMap { $0["text"] as? String }.joined(separator: "\n")
            ?? ""
        if issues[name] == nil { issues[name] = (fileID, lineNumber, message) }
    }
    return issues
}
