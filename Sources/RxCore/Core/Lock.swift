#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-recursive mutex for state that holds references.
///
/// `Synchronization.Mutex` keeps its value where reflection cannot see it, so
/// the leak engine could not follow a bag to its subscriptions or a subject to
/// its observers. Objects that hold references under a lock keep them in
/// ordinary stored properties guarded by this lock instead.
final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func lock() { pthread_mutex_lock(mutex) }

    @inline(__always)
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        // Not `defer`: the optimiser outlines it as a generic function that
        // looks up `T`'s metadata on every call.
        pthread_mutex_lock(mutex)
        do {
            let result = try body()
            pthread_mutex_unlock(mutex)
            return result
        } catch {
            pthread_mutex_unlock(mutex)
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
