import Dispatch
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
            saver.saveSoon()
            oracle = saver
        }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.releasedLate, ["Saver"], report.description)
        XCTAssertNil(oracle, "the block ran and released the saver")
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

    func saveSoon() {
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { self.saves += 1 }
    }
}
