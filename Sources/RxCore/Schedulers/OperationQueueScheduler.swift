import Foundation

private let scheduledOperationKind = ResourceKind("ScheduledOperation", .scheduled)

/// Runs work as `BlockOperation`s on an `OperationQueue`, with the queue priority given.
///
/// Disposing what ``schedule(_:action:)`` returns before the operation starts keeps the action
/// from running; once it has run, disposing disposes what the action returned.
public class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    /// The queue the operations go to.
    public let operationQueue: OperationQueue
    /// The priority each operation gets.
    public let queuePriority: Operation.QueuePriority

    /// A scheduler adding operations of `queuePriority` to `operationQueue`.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Adds an operation that runs `action` with `state` unless disposed first.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let work = ScheduledOperation { action(state) }
        let operation = BlockOperation { work.run() }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        return work.cancel
    }
}

/// One scheduled action, a live resource until the queue lets go of its operation.
private final class ScheduledOperation: @unchecked Sendable {
    private let token = ResourceToken(scheduledOperationKind)
    let cancel = SingleAssignmentDisposable()
    private let action: () -> Disposable

    init(_ action: @escaping () -> Disposable) {
        self.action = action
    }

    func run() {
        guard !cancel.isDisposed else { return }
        cancel.setDisposable(action())
    }
}
