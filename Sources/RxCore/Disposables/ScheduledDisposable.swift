private let scheduledDisposableKind = ResourceKind("ScheduledDisposable", .disposable)

/// Disposes its disposable on a scheduler, so that a subscription made there
/// (by `subscribe(on:)`) is also torn down there.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
    private let token = ResourceToken(scheduledDisposableKind)
    /// Where the disposal runs.
    public let scheduler: ImmediateSchedulerType
    private let held: Locked<Disposable?>
    private let flag = DisposedFlag()

    /// A disposable that disposes `disposable` on `scheduler`.
    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        self.held = Locked(disposable)
    }

    public var isDisposed: Bool { flag.isSet }

    public func dispose() {
        guard flag.set() else { return }
        _ = scheduler.schedule(self) { scheduled in
            scheduled.held.withLock { held -> Disposable? in
                defer { held = nil }
                return held
            }?.dispose()
            return Disposables.create()
        }
    }
}
