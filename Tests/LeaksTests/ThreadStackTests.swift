import Dispatch
import Foundation
@testable import Leaks
import XCTest

/// An object made in a check that only a parked thread's local holds: named with that thread's
/// stack among what is kept, never a leak (a stack word does not say the thread's closure captured it).
final class ThreadStackTests: XCTestCase {
    private final class Parcel {}

    /// Where the check leaves the parcel for the courier, which takes it into a local.
    nonisolated(unsafe) private static var handoff: Parcel?

    func testAnObjectHeldOnlyByAParkedThreadsLocalIsKeptWithThatThreadsStack() throws {
        weak var parcel: Parcel?
        let taken = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0),
            ended = DispatchSemaphore(value: 0)
        let courier = Thread {
            try? "courier".write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
            do {
                let held = Self.handoff
                Self.handoff = nil
                taken.signal()
                withExtendedLifetime(held) { release.wait() }
            }
            ended.signal()
        }
        let report = LeakCheck.run { _ in
            let made = Parcel()
            parcel = made
            Self.handoff = made
            courier.start()
            taken.wait()
        }
        XCTAssertNotNil(parcel, "the courier's local keeps the parcel")
        XCTAssertTrue(report.isClean, report.description)
        let kept = try XCTUnwrap(report.keptAlive.first, report.description)
        XCTAssertTrue(kept.hasPrefix("Parcel (held from the stack of thread "), kept)
        XCTAssertTrue(kept.hasSuffix(" (courier))"), kept)
        release.signal()
        ended.wait()
        XCTAssertNil(parcel, "the courier's end frees it")
    }
}
