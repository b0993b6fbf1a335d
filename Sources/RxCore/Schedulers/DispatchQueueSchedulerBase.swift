import Dispatch
import Foundation

/// What RxCore's dispatch-based schedulers share: scheduling through their
/// queue configuration, and the count of their pending work.
///
/// Work counts as pending (``pendingCount``, ``DispatchSchedulers``) from
/// scheduling until it has run or been cancelled, and runs in the
/// ``ResourceScope`` that scheduled it.
public class DispatchQueueSchedulerBase: SchedulerType, @unchecked Sendable {
    /// The scheduler's time type.
    public typealias Time = Date
    /// The scheduler's interval type.
    public typealias TimeInterval = Foundation.TimeInterval

    let configuration: DispatchQueueConfiguration

    init(configuration: DispatchQueueConfiguration) {
        self.configuration = configuration
    }

    /// The current date.
    public final var now: RxTime { Date() }

    public final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
    {
        configuration.schedule(state, action: action)
    }

    /// Schedules `work` without state, for RxCore's own sinks: one closure
    /// fewer per item than ``schedule(_:action:)``.
    final func schedule(_ work: @escaping () -> Disposable) -> Disposable {
        configuration.schedule(work)
    }

    /// Runs `work` now when this scheduler would run it at once, for RxCore's
    /// own sinks; false, running nothing, when it would queue it (see
    /// ``DispatchQueueConfiguration/runInline(_:)``).
    final func runInline(_ work: () -> Void) -> Bool {
        configuration.runInline(work)
    }

    /// Whether ``runInline(_:)`` can ever run work at once on this scheduler.
    final var mayRunInline: Bool { configuration.mayRunInline }

    public final func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    public final func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }

    /// Work scheduled here that has neither run nor been cancelled (delayed work
    /// included; an active periodic timer counts as one).
    public final var pendingCount: Int { configuration.pending.current }

    /// Waits until ``pendingCount`` is zero or `timeout` seconds pass; returns
    /// whether it became idle. Main-scheduler work is run while waiting as
    /// ``MainScheduler`` describes for blocking waits.
    public final func waitUntilIdle(timeout: TimeInterval) -> Bool {
        configuration.pending.waitUntilIdle(timeout: timeout)
    }
}
