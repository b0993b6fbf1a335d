#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Serializes a subject's deliveries and records misuse instead of crashing:
/// a second thread delivering at the same time waits its turn
/// (``Diagnostic/Kind/concurrentDelivery``), and an observer that sends into
/// the subject that is delivering to it goes through at once
/// (``Diagnostic/Kind/reentrantDelivery``), as RxSwift does after its warning.
/// A feedback loop that keeps re-entering (an observer that always sends
/// again) would overflow the stack; past ``maximumReentrantDepth`` nested
/// deliveries the event is dropped instead, and recorded the same way, so the
/// loop ends and shows up as a run of re-entrant deliveries.
///
/// Subjects that replay to a new subscriber take their turn here too, so a
/// replayed value can never reach the subscriber after a newer event sent by
/// another thread.
final class DeliveryGuard: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let deliveringThread = Atomic<UInt>(0)
    /// Replays waiting for or holding the turn. Only two senders at once are
    /// a misuse, so contention is recorded only when no replay can be the holder.
    private let replays = Atomic<Int>(0)
    /// Re-entrant deliveries in progress; only the delivering thread touches it.
    private var reentrantDepth = 0

    /// Re-entrant deliveries nested deeper than this are dropped.
    static let maximumReentrantDepth = 64

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body`, which sends an event to the subject's observers, in turn.
    @inline(__always)
    func deliver(in resource: @autoclosure () -> String, _ body: () -> Void) {
        let me = currentThread
        if deliveringThread.load(ordering: .relaxed) == me {
            Resources.record(.reentrantDelivery, in: resource())
            guard reentrantDepth < Self.maximumReentrantDepth else { return }
            reentrantDepth += 1
            body()
            reentrantDepth -= 1
            return
        }
        if pthread_mutex_trylock(mutex) != 0 {
            if replays.load(ordering: .acquiring) == 0 {
                Resources.record(.concurrentDelivery, in: resource())
            }
            pthread_mutex_lock(mutex)
        }
        run(body, on: me)
    }

    /// Runs `body`, which replays to a new subscriber, in turn with the
    /// deliveries; from inside a delivery on this thread (subscribing from an
    /// observer) it runs at once.
    func replay(_ body: () -> Void) {
        let me = currentThread
        if deliveringThread.load(ordering: .relaxed) == me {
            body()
            return
        }
        replays.wrappingAdd(1, ordering: .acquiringAndReleasing)
        pthread_mutex_lock(mutex)
        run(body, on: me)
        replays.wrappingSubtract(1, ordering: .acquiringAndReleasing)
    }

    @inline(__always)
    private var currentThread: UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }

    @inline(__always)
    private func run(_ body: () -> Void, on thread: UInt) {
        deliveringThread.store(thread, ordering: .relaxed)
        body()
        deliveringThread.store(0, ordering: .relaxed)
        pthread_mutex_unlock(mutex)
    }
}
