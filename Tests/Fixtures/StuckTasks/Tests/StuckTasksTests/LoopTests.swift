import Foundation
import StuckTasks
import XCTest

/// Tasks an object keeps and cancels in `deinit`, whose loop holds the object so that `deinit` never runs, and
/// their fixed twins, with no leak code: each test's weak reference is the oracle that proves the verdict
/// `rxleaks test` must give.
final class LoopTests: XCTestCase {
    func testAScoreBoardFollowsTheFeed() async throws {
        weak var oracle: ScoreBoard?
        do { oracle = ScoreBoard() }
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertNotNil(oracle, "leaks: its task's loop over the feed's values holds it")
    }

    func testAFixedScoreBoardFollowsTheFeed() async throws {
        weak var oracle: FixedScoreBoard?
        do { oracle = FixedScoreBoard() }
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertNil(oracle)
    }

    func testAPollerPolls() async throws {
        weak var oracle: Poller?
        do { oracle = Poller() }
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertNotNil(oracle, "leaks: its task's while loop holds it")
    }

    func testAFixedPollerPolls() async throws {
        weak var oracle: FixedPoller?
        do { oracle = FixedPoller() }
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertNil(oracle)
    }
}
