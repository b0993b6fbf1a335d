#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CRxCoreThread
import Synchronization

/// A lock taken with one atomic compare-and-exchange and released with a
/// plain store, for critical sections of a few dozen instructions run on
/// every subscription.
///
/// `Mutex` spends a second atomic read-modify-write on each release, and with
/// two sections per subscription the atomics were most of what accounting
/// added to subscribing. Being a plain value, a `static let` of it is
/// initialised at compile time: a lazily initialised global costs a call into
/// the runtime (`swift_once`) on every access. A waiting thread spins briefly,
/// then yields: a holder that was descheduled gets the processor back. Taking
/// the lock again on the thread that holds it stops the process with a
/// message instead of spinning for ever (the lock word is the holder's thread).
struct SpinLock: ~Copyable, @unchecked Sendable {
    /// The holding thread's `crxcore_thread_id()`, 0 when free.
    private let holder = Atomic<UInt>(0)

    init() {}

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        // Not `defer`, as in `Lock.withLock`.
        lock()
        do {
            let result = try body()
            holder.store(0, ordering: .releasing)
            return result
        } catch {
            holder.store(0, ordering: .releasing)
            throw error
        }
    }

    @inline(__always)
    private func lock() {
        let thread = UInt(crxcore_thread_id())
        guard
            !holder.compareExchange(
                expected: 0, desired: thread, successOrdering: .acquiring, failureOrdering: .relaxed
            ).exchanged
        else { return }
        wait(thread)
    }

    @inline(never)
    private func wait(_ thread: UInt) {
        precondition(holder.load(ordering: .relaxed) != thread, "SpinLock: lock taken again by the thread holding it")
        var attempts = 0
        while true {
            if holder.load(ordering: .relaxed) == 0,
                holder.compareExchange(
                    expected: 0, desired: thread, successOrdering: .acquiring, failureOrdering: .relaxed
                ).exchanged
            {
                return
            }
            attempts += 1
            if attempts > 100 { sched_yield() }
        }
    }
}
