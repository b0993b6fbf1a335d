import CRxCoreThread
import Synchronization

/// A non-recursive mutex for state that holds references.
///
/// `Synchronization.Mutex` keeps its value where reflection cannot see it, so
/// the leak engine could not follow a bag to its subscriptions or a subject to
/// its observers. Objects that hold references under a lock keep them in
/// ordinary stored properties guarded by this lock instead; the lock itself is
/// a `Mutex` with no value. Unlike a `pthread_mutex_t`, which must not move
/// and so took an allocation of its own, it is stored inline, and taking and
/// releasing it is an inlined compare-and-exchange each rather than a call
/// into libc.
///
/// Contended, the mutex is handed from thread to thread by the kernel
/// (priority-inheriting futexes), which ThreadSanitizer does not see; so the
/// lock tells it (at the cost of a load and a branch each way elsewhere).
final class Lock: @unchecked Sendable {
    private let mutex = Mutex<Void>(())

    @inline(__always)
    func lock() {
        mutex._unsafeLock()
        crxcore_tsan_acquire(address)
    }

    @inline(__always)
    func unlock() {
        crxcore_tsan_release(address)
        mutex._unsafeUnlock()
    }

    private var address: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        // Not `defer`: the optimiser outlines it as a generic function that
        // looks up `T`'s metadata on every call.
        lock()
        do {
            let result = try body()
            unlock()
            return result
        } catch {
            unlock()
            throw error
        }
    }
}

/// A value guarded by a ``Lock``, with `Mutex`'s `withLock` shape, for state
/// that holds references: unlike `Mutex`'s, its value stays visible to the
/// leak engine's reflection.
final class Locked<Value>: @unchecked Sendable {
    private let lock = Lock()
    /// Only touched under `lock`, which already makes access exclusive: the
    /// runtime's exclusivity check would only add a thread-local lookup.
    @exclusivity(unchecked) private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        // Not `defer`, as in `Lock.withLock`.
        lock.lock()
        do {
            let result = try body(&value)
            lock.unlock()
            return result
        } catch {
            lock.unlock()
            throw error
        }
    }
}
