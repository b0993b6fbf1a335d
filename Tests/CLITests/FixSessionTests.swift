import Foundation
import LeakLint
import LeakSuiteRecords
import Leaks
@testable import rxleaks
import XCTest

// `rxleaks fix` exists only with the Lint trait (it edits through the lint's parser).
#if Lint

/// `FixSession` driven through its runner and writer, with no process and no file written: what it
/// keeps, what it puts back and why, and `--dry-run`'s preview by the same rules.
final class FixSessionTests: XCTestCase {
    private var package: URL!
    private let test = "SearchTests.testSearch"

    override func setUpWithError() throws {
        package = FileManager.default.temporaryDirectory.appendingPathComponent("rxleaks-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try SearchFixture.write(in: package)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: package)
    }

    /// The plan for the fixture's leak: one attempt, `[weak self]` in the flatMap closure.
    private func attempt() throws -> FixPlan.Attempt {
        let plan = FixPlan([SearchFixture.verdict(test, leaks: [try SearchFixture.leak(line: 6)])], package: package)
        XCTAssertEqual(plan.attempts.count, 1, "\(plan.left)")
        return try XCTUnwrap(plan.attempts.first)
    }

    private func outcome(_ verdicts: [SuiteVerdict]) -> SuiteRun.Outcome {
        SuiteRun.Outcome(verdicts: verdicts, testStatus: 0, testLog: "", seconds: 1)
    }

    func testAFixItsTestProvesIsKeptAndOnlyItsTestIsRun() throws {
        let attempt = try attempt()
        var writes: [String] = [], runs: [[String]?] = []
        var session = FixSession(
            before: [SearchFixture.verdict(test, leaks: [try SearchFixture.leak(line: 6)])],
            runner: { filters in
                runs.append(filters)
                return self.outcome([SearchFixture.verdict(self.test, leaks: [])])
            },
            writer: { _, text in writes.append(text) })
        try session.try(attempt)
        try session.checkTheOtherTests()
        XCTAssertEqual(runs.first, attempt.leaks.map(\.filter))
        XCTAssertEqual(runs.count, 2, "its test, then every selected test")
        XCTAssertEqual(writes.count, 1, "written once, never put back")
        XCTAssertEqual(writes, [attempt.original.applying(attempt.edits)])
        XCTAssertEqual(session.fixed.map(\.test), [test])
        XCTAssertEqual(session.filesChanged, [SearchFixture.file])
        XCTAssertEqual(session.left.count, 0)
    }

    func testAnotherTestThatComesOutCleanKeepsTheFix() throws {
        let attempt = try attempt()
        let other = "OtherTests.testOther"
        var writes: [String] = []
        var session = FixSession(
            before: [
                SearchFixture.verdict(test, leaks: [try SearchFixture.leak(line: 6)]),
                SearchFixture.verdict(other, leaks: [try SearchFixture.leak(line: 6)]),
            ],
            runner: { _ in
                self.outcome([SearchFixture.verdict(self.test, leaks: []), SearchFixture.verdict(other, leaks: [])])
            },
            writer: { _, text in writes.append(text) })
        try session.try(attempt)
        try session.checkTheOtherTests()
        XCTAssertEqual(writes.count, 1, "kept: the other test's leak ended with the fix, it did not get worse")
        XCTAssertEqual(session.fixed.map(\.test), [test])
        XCTAssertEqual(session.left.count, 0, "\(session.left)")
    }

    func testAFixWhoseTestStillLeaksIsPutBackWithWhy() throws {
        let attempt = try attempt()
        var writes: [String] = []
        var session = FixSession(
            before: [SearchFixture.verdict(test, leaks: [try SearchFixture.leak(line: 6)])],
            runner: { _ in self.outcome([SearchFixture.verdict(self.test, leaks: [try! SearchFixture.leak(line: 6)])])
            },
            writer: { _, text in writes.append(text) })
        try session.try(attempt)
        XCTAssertEqual(writes.count, 2)
        XCTAssertEqual(writes.last, attempt.original, "put back as the plan read it")
        XCTAssertEqual(session.fixed.count, 0)
        XCTAssertTrue(
            session.left.first?.reason?.hasPrefix("the fix compiles but the object is still held by") ?? false,
            "\(session.left)")
    }

    func testAFileThatCannotBePutBackIsANoteNotAPrint() throws {
        let attempt = try attempt()
        struct ReadOnly: Error {}
        var session = FixSession(
            before: [SearchFixture.verdict(test, leaks: [try SearchFixture.leak(line: 6)])],
            runner: { _ in self.outcome([SearchFixture.verdict(self.test, leaks: [try! SearchFixture.leak(line: 6)])])
            },
            writer: { _, text in if text == attempt.original { throw ReadOnly() } })
        try session.try(attempt)
        XCTAssertEqual(session.notes.count, 1)
        XCTAssertTrue(session.notes.first?.hasPrefix("could not put \(attempt.path) back") ?? false, "\(session.notes)")
    }

    /// `--dry-run` runs nothing and writes nothing, and leaves an edit that overlaps one before it,
    /// as the session does.
    func testThePreviewAppliesTheSessionsOverlapRuleWithoutRunningOrWriting() throws {
        let attempt = try attempt()
        var session = FixSession(
            before: [],
            runner: { _ throws(SuiteRun.Failure) in
                XCTFail("a preview runs nothing")
                throw SuiteRun.Failure.failed("not run", hint: nil)
            },
            writer: { _, _ in XCTFail("a preview writes nothing") })
        session.preview(attempt)
        session.preview(attempt)
        XCTAssertEqual(session.fixed.map(\.test), [test])
        XCTAssertEqual(session.left.map(\.reason), [FixSession.overlapping])
        XCTAssertEqual(session.diffs.count, 1)
        XCTAssertTrue(session.diffs.first?.contains("+") ?? false, "\(session.diffs)")
        XCTAssertEqual(session.filesChanged, [], "nothing was changed")
    }
}
#endif
