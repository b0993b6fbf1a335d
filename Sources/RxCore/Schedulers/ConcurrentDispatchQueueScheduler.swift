import Dispatch
import Foundation

/// Runs work on a concurrent dispatch queue, as RxSwift's does: items may run
/// at the same time on several threads.
public final class ConcurrentDispatchQueueScheduler: DispatchQueueSchedulerBase, @unchecked Sendable {
    /// A scheduler on `queue`.
    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        super.init(
            configuration: DispatchQueueConfiguration(target: .queue(queue), leeway: leeway, pending: PendingWork()))
    }

    /// A scheduler on the global queue of `qos`.
    public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(queue: DispatchQueue.global(qos: qos.qosClass), leeway: leeway)
    }
}
