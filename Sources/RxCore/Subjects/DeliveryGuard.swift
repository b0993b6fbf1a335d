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
final class DeliveryGuard: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let deliveringThread = Atomic<UInt>(0)

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func deliver(in resource: @autoclosure () -> String, _ body: () -> Void) {
        let me = UInt(bitPattern: Int(bitPattern: pthread_self()))
        if deliveringThread.load(ordering: .relaxed) == me {
            Resources.record(.reentrantDelivery, in: resource())
            body()
            return
        }
        if pthread_mutex_trylock(mutex) != 0 {
            Resources.record(.concurrentDelivery, in: resource())
            pthread_mutex_lock(mutex)
        }
        deliveringThread.store(me, ordering: .relaxed)
        body()
        deliveringThread.store(0, ordering: .relaxed)
        pthread_mutex_unlock(mutex)
    }
}
