import Foundation
import RxSwift
import StuckTasks
import XCTest

/// A task made in `Observable.create` that the disposable does not cancel, and its fixed twin, with no leak
/// code: each test's weak reference is the oracle that proves the verdict `rxleaks test` must give.
final class TicksTests: XCTestCase {
    func testTicksDisposedOf() async throws {
        weak var oracle: TickCounter?
        Ticks.leaking { oracle = $0 }.subscribe(onNext: { _ in }).dispose()
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertNotNil(oracle, "the task ticks on after dispose, with its counter")
    }

    func testFixedTicksDisposedOf() async throws {
        weak var oracle: TickCounter?
        Ticks.fixed { oracle = $0 }.subscribe(onNext: { _ in }).dispose()
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertNil(oracle)
    }
}
