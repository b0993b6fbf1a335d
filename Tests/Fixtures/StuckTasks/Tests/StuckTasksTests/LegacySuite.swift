import Foundation
import StuckTasks
import Testing

/// LegacyTests' continuation dropped on an error path and its fixed twin, in Swift Testing.
@Suite struct LegacySuite {
    @Test func anUnknownItemIsRequested() async throws {
        weak var oracle: LegacyRequest?
        do {
            let request = LegacyRequest(id: 0)
            Task { _ = await request.run() }
            oracle = request
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(oracle != nil, "stuck: its task awaits a continuation the store dropped")
    }

    @Test func fixedAnUnknownItemIsRequested() async throws {
        weak var oracle: FixedLegacyRequest?
        do {
            let request = FixedLegacyRequest(id: 0)
            Task { _ = await request.run() }
            oracle = request
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(oracle == nil)
    }
}
