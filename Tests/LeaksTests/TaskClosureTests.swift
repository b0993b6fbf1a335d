import Leaks
import LeakTesting
import XCTest

/// Objects the closure of a task nothing stores captures: leaked while the task runs on, with the task
/// and where it was made; released late when it ends within settling. Each verdict is first proven with a
/// weak reference.
final class TaskClosureTests: XCTestCase {
    func testAnUnstoredTaskLoopingWithSelfLeaksIt() throws {
        weak var oracle: Pulse?
        let report = LeakCheck.run("unstored task") { _ in
            let pulse = Pulse()
            pulse.follow(weakly: false)
            oracle = pulse
        }
        XCTAssertNotNil(oracle, "the task's endless loop keeps the pulse")
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(report.leaks.map(\.typeName), ["Pulse"])
        XCTAssertEqual(leak.kind, .retainedFromOutside)
        XCTAssertEqual(leak.pattern?.id, "running-task-captures-object")
        let edge = try XCTUnwrap(leak.causes.first?.path?.edges.first, report.description)
        XCTAssertEqual(edge.from.kind, .task)
        XCTAssertEqual(edge.from.name, "Task made at TaskClosureTests.swift:\(Pulse.taskLine)", report.description)
        XCTAssertTrue(edge.isSuspect)
    }

    func testTheWeakTwinIsReleased() {
        weak var oracle: Pulse?
        let report = LeakCheck.run("weak unstored task") { _ in
            let pulse = Pulse()
            pulse.follow(weakly: true)
            oracle = pulse
        }
        XCTAssertNil(oracle)
        XCTAssertTrue(report.isClean, report.description)
    }

    func testATaskThatEndsWithinSettlingReleasesItLate() {
        weak var oracle: Pulse?
        let report = LeakCheck.run("task ending soon") { _ in
            let pulse = Pulse()
            pulse.beatOnce(when: SettleGate(holdingSettlingUntilFreed: pulse))
            oracle = pulse
        }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.releasedLate, ["Pulse"], report.description)
        XCTAssertNil(oracle, "the check waited for the task, which released the pulse")
    }
}

/// The process's heartbeat: a stream nothing ends.
private let heartbeat = AsyncStream<Int>.makeStream()

final class Pulse: @unchecked Sendable {
    private(set) var beats = 0
    static let taskLine = #line + 4

    func follow(weakly: Bool) {
        if !weakly {
            Task { for await beat in heartbeat.stream { self.beats += beat } }
        } else {
            Task { [weak self] in
                for await beat in heartbeat.stream {
                    guard let self else { return }
                    self.beats += beat
                }
            }
        }
    }

    /// Beats once `gate` opens.
    func beatOnce(when gate: SettleGate) {
        Task {
            await gate.opened()
            self.beats += 1
        }
    }
}
