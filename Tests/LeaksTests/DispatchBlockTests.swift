import Dispatch
import Synchronization
import Leaks
import LeakTesting
import XCTest

/// Objects a block pending on a dispatch queue captures, with no `DispatchWorkItem` anyone keeps: leaked
/// while the block waits, with the block and where it was given; released late when it runs within
/// settling. Each verdict is first proven with a weak reference.
final class DispatchBlockTests: XCTestCase {
    func testABlockPendingForAnHourLeaksWhatItCaptures() throws {
        weak var oracle: Saver?
        let report = LeakCheck.run("block pending for an hour") { _ in
            let saver = Saver()
            saver.saveInAnHour()
            oracle = saver
        }
        XCTAssertNotNil(oracle, "libdispatch keeps the block, and the block the saver, for an hour")
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(report.leaks.map(\.typeName), ["Saver"])
        XCTAssertEqual(leak.kind, .retainedFromOutside)
        XCTAssertEqual(leak.pattern?.id, "dispatch-block-captures-object")
        let edge = try XCTUnwrap(leak.causes.first?.path?.edges.first, report.description)
        XCTAssertEqual(edge.from.kind, .dispatchWork)
        XCTAssertEqual(
            edge.from.name, "block given to asyncAfter at DispatchBlockTests.swift:\(Saver.blockLine)",
            report.description)
        XCTAssertEqual(edge.site, "DispatchBlockTests.swift:\(Saver.blockLine)")
        XCTAssertTrue(edge.isSuspect)
    }

    func testTheWeakTwinIsReleased() {
        weak var oracle: Saver?
        let report = LeakCheck.run("weak block pending for an hour") { _ in
            let saver = Saver()
            saver.saveInAnHourWeakly()
            oracle = saver
        }
        XCTAssertNil(oracle)
        XCTAssertTrue(report.isClean, report.description)
    }

    func testABlockThatRunsWithinSettlingReleasesItLate() {
        weak var oracle: Saver?
        let report = LeakCheck.run("block pending a moment") { _ in
            let saver = Saver()
            saver.save(on: SettleGate(holdingSettlingUntilFreed: saver).queue)
            oracle = saver
        }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.releasedLate, ["Saver"], report.description)
        XCTAssertNil(oracle, "the block ran and released the saver")
    }

    /// While a check is open the hook runs a work item given to asyncAfter itself: the item's own
    /// rules still hold (one cancelled never runs; one that runs signals its notify block). Both are
    /// pending on a queue held suspended until the check settles, so the cancel comes first.
    func testAWorkItemGivenToAsyncAfterInACheckKeepsItsCancelAndNotify() {
        let ran = Mutex([String]())
        let done = DispatchSemaphore(value: 0)
        _ = LeakCheck.run("work items given to asyncAfter") { _ in
            let queue = SettleGate().queue
            let cancelled = DispatchWorkItem { ran.withLock { $0.append("cancelled") } }
            let kept = DispatchWorkItem { ran.withLock { $0.append("kept") } }
            kept.notify(queue: .global()) { done.signal() }
            queue.asyncAfter(deadline: .now(), execute: cancelled)
            queue.asyncAfter(deadline: .now(), execute: kept)
            cancelled.cancel()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the kept item's notify block ran")
        XCTAssertEqual(ran.withLock { $0 }, ["kept"])
    }
}

final class Saver: @unchecked Sendable {
    private(set) var saves = 0
    static let blockLine = #line + 3

    func saveInAnHour() {
        DispatchQueue.global().asyncAfter(deadline: .now() + 3600) { self.saves += 1 }
    }

    func saveInAnHourWeakly() {
        DispatchQueue.global().asyncAfter(deadline: .now() + 3600) { [weak self] in self?.saves += 1 }
    }

    /// Saves as soon as `queue` runs.
    func save(on queue: DispatchQueue) {
        queue.asyncAfter(deadline: .now()) { self.saves += 1 }
    }
}
