import Dispatch
import Foundation

/// The time type schedulers use.
public typealias RxTime = Date
/// The interval type schedulers use.
public typealias RxTimeInterval = DispatchTimeInterval

/// A scheduler that runs work now (or as soon as it can), without time.
public protocol ImmediateSchedulerType {
    /// Schedules `action` to run with `state`; disposing the result cancels it
    /// if it has not run yet.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

/// A scheduler with a clock: work can run later or periodically.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's current time.
    var now: RxTime { get }

    /// Schedules `action` to run after `dueTime`.
    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable

    /// Schedules `action` to run after `startAfter` and then every `period`,
    /// passing the state each run returns to the next.
    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable
}

extension DispatchTimeInterval {
    /// The interval in seconds (`never` is infinite).
    var seconds: TimeInterval {
        switch self {
        case .seconds(let value): TimeInterval(value)
        case .milliseconds(let value): TimeInterval(value) / 1_000
        case .microseconds(let value): TimeInterval(value) / 1_000_000
        case .nanoseconds(let value): TimeInterval(value) / 1_000_000_000
        case .never: .infinity
        @unknown default: .infinity
        }
    }
}
