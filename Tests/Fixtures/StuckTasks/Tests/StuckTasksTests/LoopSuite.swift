import Foundation
import StuckTasks
import Testing

/// LoopTests' tasks whose loop keeps the object that would cancel them, and their fixed twins, in Swift Testing.
@Suite struct LoopSuite {
    @Test func aScoreBoardFollowsTheFeed() async throws {
        weak var oracle: ScoreBoard?
        do { oracle = ScoreBoard() }
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(oracle != nil, "leaks: its task's loop over the feed's values holds it")
    }

    @Test func aFixedScoreBoardFollowsTheFeed() async throws {
        weak var oracle: FixedScoreBoard?
        do { oracle = FixedScoreBoard() }
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(oracle == nil)
    }

    @Test func aPollerPolls() async throws {
        weak var oracle: Poller?
        do { oracle = Poller() }
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(oracle != nil, "leaks: its task's while loop holds it")
    }

    @Test func aFixedPollerPolls() async throws {
        weak var oracle: FixedPoller?
        do { oracle = FixedPoller() }
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(oracle == nil)
    }
}
