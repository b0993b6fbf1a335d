import Foundation
import RxSwift
import StuckTasks
import Testing

/// TicksTests' task left running after dispose and its fixed twin, in Swift Testing.
@Suite struct TicksSuite {
    @Test func ticksDisposedOf() async throws {
        weak var oracle: TickCounter?
        Ticks.leaking { oracle = $0 }.subscribe(onNext: { _ in }).dispose()
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(oracle != nil, "the task ticks on after dispose, with its counter")
    }

    @Test func fixedTicksDisposedOf() async throws {
        weak var oracle: TickCounter?
        Ticks.fixed { oracle = $0 }.subscribe(onNext: { _ in }).dispose()
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(oracle == nil)
    }
}
