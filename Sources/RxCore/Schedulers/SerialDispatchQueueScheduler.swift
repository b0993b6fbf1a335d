import Dispatch
import Foundation

/// Runs work one item at a time on a serial dispatch queue, as RxSwift's does;
/// `schedule` always dispatches asynchronously.
public class SerialDispatchQueueScheduler: DispatchQueueSchedulerBase, @unchecked Sendable {
    /// A scheduler on `serialQueue`, which must be serial.
    public convenience init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(
            configuration: DispatchQueueConfiguration(
                target: .queue(serialQueue), leeway: leeway, pending: PendingWork()))
    }

    /// A scheduler on a new serial queue named `internalSerialQueueName`;
    /// `serialQueueConfiguration` may adjust the queue before use.
    public convenience init(
        internalSerialQueueName: String,
        serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        let queue = DispatchQueue(label: internalSerialQueueName)
        serialQueueConfiguration?(queue)
        self.init(serialQueue: queue, leeway: leeway)
    }

    /// A scheduler on a new serial queue that targets `queue` (which may be concurrent).
    public convenience init(
        queue: DispatchQueue, internalSerialQueueName: String, leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(serialQueue: DispatchQueue(label: internalSerialQueueName, target: queue), leeway: leeway)
    }

    /// A scheduler on a new serial queue that targets the global queue of `qos`.
    public convenience init(
        qos: DispatchQoS,
        internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(
            queue: DispatchQueue.global(qos: qos.qosClass), internalSerialQueueName: internalSerialQueueName,
            leeway: leeway)
    }
}
