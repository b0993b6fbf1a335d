import Synchronization

/// Where ``Driver`` and ``Signal`` deliver: the main scheduler, unless a test
/// swaps in another with ``mock(scheduler:action:)``.
public enum SharingScheduler {
    private static let maker = Mutex<() -> SchedulerType>({ MainScheduler.instance })

    /// Makes the scheduler a driver or signal created now delivers on.
    public static var make: () -> SchedulerType {
        maker.withLock { $0 }
    }

    /// Runs `action` with `scheduler` as the sharing scheduler, so drivers and
    /// signals it creates deliver there (a `TestScheduler` in tests).
    @discardableResult
    public static func mock<Result>(scheduler: SchedulerType, action: () throws -> Result) rethrows -> Result {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with `makeScheduler` making the sharing scheduler.
    @discardableResult
    public static func mock<Result>(makeScheduler: @escaping () -> SchedulerType, action: () throws -> Result) rethrows -> Result {
        let original = maker.withLock { maker in
            defer { maker = makeScheduler }
            return maker
        }
        defer { maker.withLock { $0 = original } }
        return try action()
    }
}
