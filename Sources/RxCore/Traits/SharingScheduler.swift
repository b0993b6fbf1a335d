import Synchronization

/// Where ``Driver`` and ``Signal`` deliver: a new ``MainScheduler`` for each, as in
/// RxSwift (each counts its own queued work, so one driver's delivery inside another's
/// runs at once), unless a test swaps in another with ``mock(scheduler:action:)``.
public enum SharingScheduler {
    private static let maker = Mutex<() -> SchedulerType>({ MainScheduler() })

    /// Makes the scheduler a driver or signal created now delivers on.
    public static var make: () -> SchedulerType {
        maker.withLock { $0 }
    }

    /// Runs `action` with `scheduler` as the sharing scheduler, so drivers and
    /// signals it creates deliver there (a `TestScheduler` in tests).
    public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with `makeScheduler` making the sharing scheduler.
    public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () throws -> Void) rethrows {
        let original = maker.withLock { maker in
            defer { maker = makeScheduler }
            return maker
        }
        defer { maker.withLock { $0 = original } }
        try action()
    }
}
