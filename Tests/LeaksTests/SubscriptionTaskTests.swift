import Foundation
import Leaks
import LeakTesting
import RxCore
import XCTest

/// A task made in `Observable.create` whose disposable does not cancel it runs on after the subscription is
/// disposed, with what it captures: named where it was made, fixed by cancelling it in the disposable. The
/// twin's disposable cancels it. Each verdict is first proven with a weak reference.
final class SubscriptionTaskTests: XCTestCase {
    func testATaskTheDisposableDoesNotCancelRunsOnAfterDispose() throws {
        weak var oracle: TickCounter?
        let report = LeakCheck.run("create's task left running") { _ in
            ticks(cancelledOnDispose: false) { oracle = $0 }.subscribe(onNext: { _ in }).dispose()
        }
        defer { oracle?.stop() }
        XCTAssertNotNil(oracle, "the task ticks on after dispose, with its counter")
        let leak = try XCTUnwrap(report.leaks.first { $0.typeName == "TickCounter" }, report.description)
        XCTAssertEqual(leak.pattern?.id, "task-outlives-subscription", report.description)
        XCTAssertTrue(leak.pattern?.fix.contains("Disposables.create { task.cancel() }") == true, report.description)
        let edge = try XCTUnwrap(leak.causes.first?.path?.edges.first, report.description)
        XCTAssertEqual(edge.from.kind, .task)
        XCTAssertEqual(edge.from.name, "Task made at SubscriptionTaskTests.swift:\(tickTaskLine)", report.description)
        XCTAssertFalse(edge.isSuspect, "the capture is not what to fix")
    }

    func testTheTwinWhoseDisposableCancelsTheTaskIsClean() {
        weak var oracle: TickCounter?
        let report = LeakCheck.run("create's task cancelled on dispose") { _ in
            ticks(cancelledOnDispose: true) { oracle = $0 }.subscribe(onNext: { _ in }).dispose()
        }
        XCTAssertNil(oracle, "the cancelled task ended, and released its counter")
        XCTAssertTrue(report.isClean, report.description)
    }
}

/// Counts the ticks of one subscription.
final class TickCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var stopped = false

    /// The next tick; nil once stopped.
    func next() -> Int? {
        lock.withLock {
            count += 1
            return stopped ? nil : count
        }
    }

    /// Ends the loop of a task nothing cancels.
    func stop() { lock.withLock { stopped = true } }
}

private let tickTaskLine = #line + 7

/// Ticks from a task made in `Observable.create`, with a counter made for each subscription (told to `made`).
private func ticks(cancelledOnDispose: Bool, made: @escaping (TickCounter) -> Void) -> Observable<Int> {
    Observable.create { observer in
        let counter = TickCounter()
        made(counter)
        let task = Task {
            while !Task.isCancelled, let tick = counter.next() {
                observer.onNext(tick)
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
        }
        return cancelledOnDispose ? Disposables.create { task.cancel() } : Disposables.create()
    }
}
