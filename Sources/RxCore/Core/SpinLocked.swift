#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A value behind a lock taken with one atomic compare-and-exchange and
/// released with a plain store, for critical sections of a few dozen
/// instructions run on every subscription.
///
/// `Mutex` spends a second atomic read-modify-write on each release, and with
/// two sections per subscription the atomics were most of what accounting
/// added to subscribing. A waiting thread spins briefly, then yields: a holder
/// that was descheduled gets the processor back. Taking the lock again on the
/// thread that holds it stops the process with a message instead of spinning
/// for ever (the lock word is the holder's thread).
final class SpinLocked<Value>: @unchecked Sendable {
    /// The holding thread's `pthread_self()`, 0 when free.
    private let holder = Atomic<UInt>(0)
    /// Only touched while holding the lock, which already makes access
    /// exclusive: the runtime's exclusivity check would only add a lookup.
    @exclusivity(unchecked) private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        // Not `defer`, as in `Lock.withLock`.
        lock()
        do {
            let result = try body(&value)
            holder.store(0, ordering: .releasing)
            return result
        } catch {
            holder.store(0, ordering: .releasing)
            throw error
        }
    }

    @inline(__always)
    private func lock() {
        let thread = UInt(bitPattern: Int(bitPattern: pthread_self()))
        guard !holder.compareExchange(expected: 0, desired: thread, successOrdering: .acquiring, failureOrdering: .relaxed).exchanged else { return }
        wait(thread)
    }

    @inline(never)
    private func wait(_ thread: UInt) {
        precondition(holder.load(ordering: .relaxed) != thread, "SpinLocked: lock taken again by the thread holding it")
        var attempts = 0
        while true {
            if holder.load(ordering: .relaxed) == 0,
               holder.compareExchange(expected: 0, desired: thread, successOrdering: .acquiring, failureOrdering: .relaxed).exchanged {
                return
            }
            attempts += 1
            if attempts > 100 { sched_yield() }
        }
    }
}
