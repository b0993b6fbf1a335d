import Dispatch
import Synchronization

private let scheduledItemKind = ResourceKind("ScheduledItem", .scheduled)
private let periodicTimerKind = ResourceKind("PeriodicTimer", .scheduled)

/// Work on a dispatch scheduler while it is pending: counted by its scheduler
/// and alive as a resource until ``finish()``, which also stops its timer.
/// It remembers the scope and subscription that scheduled it, for the work to
/// run in, and is listed in that scope's pending work meanwhile.
class PendingItem: @unchecked Sendable {
    private struct State: ~Copyable {
        var isFinished = false
        /// Stops the timer that fires the work, for delayed and periodic work.
        var cancelTimer: (() -> Void)?
        var token: ResourceToken?
    }

    let attribution = WorkAttribution.current
    private let pending: PendingWork
    private let state: Mutex<State>

    /// `work` and `scheduler` describe the item for its scope's pending work;
    /// they are only evaluated inside a scope.
    init(
        pending: PendingWork, kind: borrowing ResourceKind, work: @autoclosure () -> String,
        scheduler: @autoclosure () -> String
    ) {
        self.pending = pending
        self.state = Mutex(State(token: ResourceToken(kind)))
        attribution.scope?.workScheduled(
            self, PendingWorkRecord(work: work(), scheduler: scheduler(), subscription: attribution.origin))
        pending.begin()
    }

    /// Stores what stops the timer that fires this work; stops it at once
    /// when the work is finished already.
    final func setCancelTimer(_ cancelTimer: @escaping () -> Void) {
        let finished = state.withLock { state -> Bool in
            if !state.isFinished { state.cancelTimer = cancelTimer }
            return state.isFinished
        }
        if finished { cancelTimer() }
    }

    /// Ends the pending life once: stops the timer, releases the resource and
    /// the pending count.
    final func finish() {
        let (wasPending, cancelTimer) = state.withLock { state -> (Bool, (() -> Void)?) in
            guard !state.isFinished else { return (false, nil) }
            defer { state.isFinished = true; state.cancelTimer = nil; state.token = nil }
            return (true, state.cancelTimer)
        }
        cancelTimer?()
        if wasPending {
            attribution.scope?.workFinished(self)
            pending.end()
        }
    }
}

/// One piece of work on a dispatch scheduler; disposing it cancels the work,
/// or disposes what the work returned once it has run.
final class ScheduledWork: PendingItem, Cancelable, MainQueueItem, @unchecked Sendable {
    /// One state for the action and its result rather than a slot object for
    /// the result: one allocation less per scheduled item.
    private enum Stage {
        /// Not run yet; the action is taken by whichever comes first, running
        /// or cancelling, which frees its captures.
        case waiting(() -> Disposable)
        case running
        /// Ran; its result waits for disposal.
        case ran(Disposable)
        case disposed
    }

    private let stage: Mutex<Stage>

    init(
        pending: PendingWork, work: @autoclosure () -> String, scheduler: @autoclosure () -> String,
        action: @escaping () -> Disposable
    ) {
        self.stage = Mutex(.waiting(action))
        super.init(pending: pending, kind: scheduledItemKind, work: work(), scheduler: scheduler())
    }

    var isDisposed: Bool {
        stage.withLock { if case .disposed = $0 { true } else { false } }
    }

    /// Runs the work unless it was cancelled; true when it ran. It stays
    /// pending until it returns, so work it schedules keeps the scheduler busy.
    @discardableResult
    func run() -> Bool {
        guard let disposable = runAction() else { return false }
        let disposedMeanwhile = stage.withLock { stage -> Bool in
            if case .disposed = stage { return true }
            stage = .ran(disposable)
            return false
        }
        if disposedMeanwhile { disposable.dispose() }
        finish()
        return true
    }

    func dispose() {
        let (wasWaiting, result) = stage.withLock { stage -> (Bool, Disposable?) in
            defer { stage = .disposed }
            switch stage {
            case .waiting: return (true, nil)
            case .ran(let disposable): return (false, disposable)
            case .running, .disposed: return (false, nil)
            }
        }
        if wasWaiting { finish() }
        result?.dispose()
    }

    /// Runs and releases the action, so what it captured is gone before the
    /// work stops being pending: a settled scheduler holds nothing.
    private func runAction() -> Disposable? {
        let action = stage.withLock { stage -> (() -> Disposable)? in
            guard case .waiting(let action) = stage else { return nil }
            stage = .running
            return action
        }
        guard let action else { return nil }
        return attribution.run(action)
    }
}

/// A periodic timer's work, pending while active. The state each run returns
/// goes to the next. Ticks never overlap: a dispatch source never runs its
/// handler concurrently, and the main scheduler queues at most one tick at a time.
final class PeriodicWork<StateType>: PendingItem, Cancelable, @unchecked Sendable {
    private struct State {
        var value: StateType
        var action: ((StateType) -> StateType)?
    }

    private let state: Mutex<State>

    init(
        pending: PendingWork, period: RxTimeInterval, scheduler: @autoclosure () -> String, state: StateType,
        action: @escaping (StateType) -> StateType
    ) {
        self.state = Mutex(State(value: state, action: action))
        super.init(
            pending: pending, kind: periodicTimerKind, work: "a periodic timer every \(period.seconds) s",
            scheduler: scheduler())
    }

    var isDisposed: Bool { state.withLock { $0.action == nil } }

    /// Runs one period's action; true unless the timer was cancelled.
    @discardableResult
    func tick() -> Bool {
        guard let (action, value) = state.withLock({ state in state.action.map { ($0, state.value) } }) else {
            return false
        }
        let next = attribution.run { action(value) }
        state.withLock { $0.value = next }
        return true
    }

    func dispose() {
        if state.withLock({ $0.action.take() }) != nil { finish() }
    }
}
