private let anyRecursiveSchedulerKind = ResourceKind("AnyRecursiveScheduler", .scheduled)
private let recursiveImmediateSchedulerKind = ResourceKind("RecursiveImmediateScheduler", .scheduled)

extension ImmediateSchedulerType {
    /// Runs `action` with `state`; the action calls `recurse` with the next
    /// state to run again, as RxSwift's recursive scheduling does (`of`,
    /// `from` and `range` emit this way). Disposing the result cancels
    /// the runs not yet made.
    public func scheduleRecursive<State>(
        _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
    ) -> Disposable {
        let recursive = RecursiveImmediateScheduler(action: action, scheduler: self)
        recursive.schedule(state)
        return Disposables.create(with: recursive.dispose)
    }
}

extension SchedulerType {
    /// Runs `action` with `state` after `dueTime`; the action schedules its own
    /// next runs through the recursive scheduler it is given.
    public func scheduleRecursive<State>(
        _ state: State, dueTime: RxTimeInterval,
        action: @escaping (_ state: State, _ scheduler: AnyRecursiveScheduler<State>) -> Void
    ) -> Disposable {
        let recursive = AnyRecursiveScheduler(scheduler: self, action: action)
        recursive.schedule(state, dueTime: dueTime)
        return Disposables.create(with: recursive.dispose)
    }
}

/// Schedules further runs of a recursive action on a ``SchedulerType``.
public final class AnyRecursiveScheduler<State>: @unchecked Sendable {
    private let token = ResourceToken(anyRecursiveSchedulerKind)
    private let scheduler: SchedulerType
    private let runs: RecursiveRuns<State, AnyRecursiveScheduler<State>>

    init(scheduler: SchedulerType, action: @escaping (State, AnyRecursiveScheduler<State>) -> Void) {
        self.scheduler = scheduler
        self.runs = RecursiveRuns(action: action)
    }

    /// Runs the action again with `state` after `dueTime`.
    public func schedule(_ state: State, dueTime: RxTimeInterval) {
        runs.add(state, owner: self) { scheduler.scheduleRelative($0, dueTime: dueTime, action: $1) }
    }

    /// Runs the action again with `state` as soon as the scheduler can.
    public func schedule(_ state: State) {
        runs.add(state, owner: self) { scheduler.schedule($0, action: $1) }
    }

    /// Cancels the pending runs and stops further ones.
    public func dispose() { runs.dispose() }
}

/// The recursive scheduler behind ``ImmediateSchedulerType/scheduleRecursive(_:action:)``.
final class RecursiveImmediateScheduler<State>: @unchecked Sendable {
    private let token = ResourceToken(recursiveImmediateSchedulerKind)
    private let scheduler: ImmediateSchedulerType
    private let runs: RecursiveRuns<State, RecursiveImmediateScheduler<State>>

    init(action: @escaping (State, (State) -> Void) -> Void, scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
        self.runs = RecursiveRuns { state, recursive in action(state, recursive.schedule) }
    }

    func schedule(_ state: State) {
        runs.add(state, owner: self) { scheduler.schedule($0, action: $1) }
    }

    func dispose() { runs.dispose() }
}

/// The pending runs of a recursive action. A pending run holds its owner
/// until it runs, so an undisposed recursion that stops recursing frees itself.
final class RecursiveRuns<State, Owner: AnyObject>: @unchecked Sendable {
    typealias Action = (State, Owner) -> Void

    private struct Book {
        /// `nil` once disposed.
        var action: Action?
        /// Each pending run's cancellation; `.some(nil)` while being scheduled.
        var pending: [Int: Disposable?] = [:]
        var nextID = 0
    }

    private let book: Locked<Book>

    init(action: @escaping Action) {
        book = Locked(Book(action: action))
    }

    /// Schedules one run with `scheduleOne`, which may run it at once.
    func add(_ state: State, owner: Owner, _ scheduleOne: (State, @escaping (State) -> Disposable) -> Disposable) {
        let id = book.withLock { book -> Int? in
            guard book.action != nil else { return nil }
            book.nextID += 1
            book.pending[book.nextID] = .some(nil)
            return book.nextID
        }
        guard let id else { return }
        let scheduled = scheduleOne(state) { state in
            let action = self.book.withLock { book -> Action? in
                book.pending.removeValue(forKey: id)
                return book.action
            }
            action?(state, owner)
            return Disposables.create()
        }
        let cancel = book.withLock { book -> Bool in
            if book.action == nil { return true }
            if book.pending[id] != nil { book.pending[id] = scheduled }
            return false
        }
        if cancel { scheduled.dispose() }
    }

    func dispose() {
        let pending = book.withLock { book -> [Disposable?] in
            book.action = nil
            defer { book.pending = [:] }
            return Array(book.pending.values)
        }
        for disposable in pending { disposable?.dispose() }
    }
}
