import Dispatch
@testable import RxCore
import XCTest

/// The lock behind the subscription registry.
final class SpinLockTests: XCTestCase {
    /// A value guarded by a lock, as the registry keeps its storage.
    private final class Guarded<Value>: @unchecked Sendable {
        let lock = SpinLock()
        var value: Value
        init(_ value: Value) { self.value = value }
        func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
            try lock.withLock { try body(&value) }
        }
    }

    func testIncrementsFromManyThreadsAreNeverLost() {
        let counter = Guarded(0)
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
        let value = Guarded<[Int]>([])
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
        let value = Guarded(1)
        XCTAssertThrowsError(try value.withLock { (_: inout Int) -> Void in throw Failure() })
        // Held still, this would stop the process: the lock is taken again on the same thread.
        XCTAssertEqual(value.withLock { $0 }, 1)
    }
}
