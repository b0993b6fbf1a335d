import Foundation
import Leaks
import LeakTesting
import XCTest

/// Objects a Foundation `Timer`'s block captures: leaked, with the path from the timer, whether the object
/// keeps the timer or only the run loop does. Each verdict is first proven with a weak reference.
final class TimerHolderTests: XCTestCase {
    /// The report of a check that makes a metronome whose timer's block captures it, and its one leak.
    private func leakingMetronome(keepingTheTimer: Bool) throws -> (LeakReport, Leak) {
        weak var oracle: Metronome?
        let report = LeakCheck.run("timer") { _ in
            let metronome = Metronome(keepingTheTimer: keepingTheTimer, weakly: false)
            oracle = metronome
        }
        XCTAssertNotNil(
            oracle, "the timer's block keeps the metronome (its deinit, which invalidates the timer, never runs)")
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(report.leaks.map(\.typeName), ["Metronome"])
        XCTAssertEqual(leak.kind, .retainedFromOutside)
        XCTAssertEqual(leak.pattern?.id, "timer-captures-self")
        XCTAssertEqual(leak.causes.count, 1, report.description)
        return (report, leak)
    }

    func testATimerOnlyTheRunLoopKeepsLeaksWhatItsBlockCaptures() throws {
        let (report, leak) = try leakingMetronome(keepingTheTimer: false)
        let path = try XCTUnwrap(leak.causes.first?.path, report.description)
        XCTAssertEqual(path.edges.first?.from.kind, .timer)
        XCTAssertEqual(path.edges.map(\.label), ["_fire", "captures"], report.description)
        XCTAssertEqual(path.edges.last?.isSuspect, true)
        // docs/leak-checks.md shows this report.
        DocSample.assert(
            try DocSample.lines(in: "leak-checks.md", startingWith: "Metronome leaked"), matches: report.description)
    }

    /// Its own cycle through the timer is not the cause shown: the timer's block holds it whatever the cycle does.
    func testATimerTheObjectKeepsAndInvalidatesInDeinitStillLeaksIt() throws {
        let (report, leak) = try leakingMetronome(keepingTheTimer: true)
        XCTAssertEqual(leak.causes.first?.path?.edges.first?.from.kind, .timer, report.description)
    }

    func testTheWeakTwinsAreReleased() {
        weak var kept: Metronome?, unkept: Metronome?
        let report = LeakCheck.run("fixed timers") { _ in
            let keeping = Metronome(keepingTheTimer: true, weakly: true)
            let notKeeping = Metronome(keepingTheTimer: false, weakly: true)
            (kept, unkept) = (keeping, notKeeping)
        }
        XCTAssertNil(kept)
        XCTAssertNil(unkept)
        XCTAssertTrue(report.isClean, report.description)
    }
}

final class Metronome {
    private(set) var beats = 0
    private var timer: Timer?

    init(keepingTheTimer: Bool, weakly: Bool) {
        let timer =
            weakly
            ? Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { [weak self] _ in self?.beats += 1 }
            : Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { _ in self.beats += 1 }
        if keepingTheTimer { self.timer = timer }
    }

    deinit { timer?.invalidate() }
}
