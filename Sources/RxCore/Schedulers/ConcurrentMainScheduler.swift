import CRxCoreThread
import Dispatch
import Foundation

/// Runs work on the main thread, at once when it is called there: the
/// scheduler for `subscribe(on:)` onto the main thread, as in RxSwift. To
/// observe elements on the main thread, ``MainScheduler`` keeps their order.
///
/// Work scheduled from another thread goes through ``MainScheduler``'s queue,
/// so ``MainScheduler/drain()`` runs it and leak checks wait for it.
public final class ConcurrentMainScheduler: SchedulerType, @unchecked Sendable {
    /// The scheduler's time type.
    public typealias Time = Date
    /// The scheduler's interval type.
    public typealias TimeInterval = Foundation.TimeInterval

    private let mainScheduler: MainScheduler

    private init(mainScheduler: MainScheduler) {
        self.mainScheduler = mainScheduler
    }

    /// The one instance, over ``MainScheduler/instance``.
    public static let instance = ConcurrentMainScheduler(mainScheduler: .instance)

    /// The main scheduler's current time.
    public var now: Date { mainScheduler.now }

    /// Runs `action` now on the main thread; from another thread, queues it
    /// for the main thread (disposing the result before it runs cancels it).
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if crxcore_is_main_thread() { return action(state) }
        return MainScheduler.asyncInstance.schedule(state, action: action)
    }

    /// Runs `action` on the main thread after `dueTime`.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        mainScheduler.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the main thread after `startAfter`, then every `period`.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        mainScheduler.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
