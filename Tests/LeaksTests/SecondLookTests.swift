@testable import Leaks
import XCTest

/// The second look before a verdict that is not clean, on a clock the test drives: it waits the short
/// grace for an object found leaked, and up to the settling deadline for one that a running task or a
/// pending block holds (which may end and release it), whatever the machine's speed.
final class SecondLookTests: XCTestCase {
    private final class Held {}

    /// Passes a millisecond a pause, and frees the object it holds once `freedAt` has passed.
    private final class TestClock: WaitingClock {
        private(set) var elapsed: Duration = .zero
        private let freedAt: Duration
        private(set) var held: Held?

        init(holding held: Held, freeingAt freedAt: Duration) {
            self.held = held
            self.freedAt = freedAt
        }

        func pause() {
            elapsed += .milliseconds(1)
            if elapsed >= freedAt { held = nil }
        }
    }

    func testAnObjectATaskFreesBeforeTheDeadlineIsWaitedFor() {
        let (clock, tracked) = heldObject(freedAt: .milliseconds(500))
        defer { tracked.release() }
        XCTAssertTrue(Settler.secondLook(.drain, leaked: [tracked], untilDeadline: true, clock: clock))
        XCTAssertFalse(tracked.isAlive, "freed at 500 ms, within the 2 s deadline")
    }

    func testAnObjectFoundLeakedIsWaitedForTheGraceOnly() {
        let (clock, tracked) = heldObject(freedAt: .milliseconds(500))
        defer { tracked.release() }
        _ = Settler.secondLook(.drain, leaked: [tracked], clock: clock)
        XCTAssertTrue(tracked.isAlive, "the look ended before 500 ms")
        XCTAssertEqual(clock.elapsed, Settler.secondLookGrace)
    }

    func testTheDeadlineOfATimeoutPolicyBoundsTheWait() {
        let (clock, tracked) = heldObject(freedAt: .seconds(5))
        defer { tracked.release() }
        _ = Settler.secondLook(.timeout(.seconds(1)), leaked: [tracked], untilDeadline: true, clock: clock)
        XCTAssertTrue(tracked.isAlive)
        XCTAssertEqual(clock.elapsed, .seconds(1))
    }

    /// A clock holding the only strong reference to an object, and the object tracked as made in a check.
    private func heldObject(freedAt: Duration) -> (TestClock, TrackedObject) {
        let held = Held()
        let tracked = TrackedObject(
            held,
            site: PendingTrackingSite(origin: .allocated, operatorName: nil) {
                SourceSite(file: #fileID, line: #line)
            })
        return (TestClock(holding: held, freeingAt: freedAt), tracked)
    }
}
