import Dispatch
@testable import RxCore
import XCTest

/// The lock behind the subscription registry.
final class SpinLockedTests: XCTestCase {
    func testIncrementsFromManyThreadsAreNeverLost() {
        let counter = SpinLocked(0)
        let threads = 8, increments = 20_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for index in 0..<increments {
                counter.withLock { count in
                    // Read, give the processor away now and then, write: unguarded,
                    // another thread's increments would land in between and be lost.
                    let read = count
                    if index % 256 == 0 { sched_yield() }
                    count = read + 1
                }
            }
        }
        XCTAssertEqual(counter.withLock { $0 }, threads * increments)
    }

    func testAWaitingThreadSeesWhatTheHolderWrote() {
        let value = SpinLocked<[Int]>([])
        let holding = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            value.withLock { list in
                holding.signal()
                Thread.sleep(forTimeInterval: 0.05)
                list.append(1)
            }
            done.signal()
        }
        holding.wait()
        value.withLock { $0.append(2) }
        done.wait()
        XCTAssertEqual(value.withLock { $0 }, [1, 2], "the second thread waited for the first to finish")
    }

    func testAThrowingBodyReleasesTheLock() {
        struct Failure: Error {}
        let value = SpinLocked(1)
        XCTAssertThrowsError(try value.withLock { (_: inout Int) -> Void in throw Failure() })
        // Held still, this would stop the process: the lock is taken again on the same thread.
        XCTAssertEqual(value.withLock { $0 }, 1)
    }
}
