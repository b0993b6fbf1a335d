import Foundation
import StuckTasks
import XCTest

/// A continuation dropped on an error path and its fixed twin, with no leak code: each test's weak reference
/// is the oracle that proves the verdict `rxleaks test` must give.
final class LegacyTests: XCTestCase {
    func testAnUnknownItemIsRequested() async throws {
        weak var oracle: LegacyRequest?
        do {
            let request = LegacyRequest(id: 0)
            Task { _ = await request.run() }
            oracle = request
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertNotNil(oracle, "stuck: its task awaits a continuation the store dropped")
    }

    func testFixedAnUnknownItemIsRequested() async throws {
        weak var oracle: FixedLegacyRequest?
        do {
            let request = FixedLegacyRequest(id: 0)
            Task { _ = await request.run() }
            oracle = request
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertNil(oracle)
    }

    func testAKnownItemIsLoaded() async {
        let item = await LegacyRequest(id: 7).run()
        XCTAssertEqual(item, "item 7")
    }
}

/// Work that ends a moment after the test: clean.
final class LegacyLookAlikeTests: XCTestCase {
    func testASlowRequestAnswersLater() async throws {
        weak var oracle: SlowRequest?
        do {
            let request = SlowRequest()
            Task { _ = await request.run() }
            oracle = request
        }
        XCTAssertNotNil(oracle, "kept by its task until the queue answers")
        try await Task.sleep(nanoseconds: 600_000_000)
        XCTAssertNil(oracle)
    }
}
