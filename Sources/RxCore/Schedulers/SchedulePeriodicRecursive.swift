import Synchronization

private let schedulePeriodicRecursiveKind = ResourceKind("SchedulePeriodicRecursive", .scheduled)

extension SchedulerType {
    /// Periodic work built from recursive scheduling, as RxSwift's default:
    /// each tick first schedules the next one, then runs `action`; ticks that
    /// arrive while the action is still busy are run back to back afterwards.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        SchedulePeriodicRecursive(scheduler: self, startAfter: startAfter, period: period, action: action, state: state)
            .start()
    }
}

final class SchedulePeriodicRecursive<State>: @unchecked Sendable {
    enum Command { case tick, dispatchStart }

    private let token = ResourceToken(schedulePeriodicRecursiveKind)
    private let scheduler: SchedulerType
    private let startAfter: RxTimeInterval
    private let period: RxTimeInterval
    private let action: (State) -> State
    /// Only touched by the action's runs, which never overlap.
    private var state: State
    private let pendingTickCount = Atomic<Int>(0)

    init(
        scheduler: SchedulerType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (State) -> State, state: State
    ) {
        self.scheduler = scheduler
        self.startAfter = startAfter
        self.period = period
        self.action = action
        self.state = state
    }

    func start() -> Disposable {
        scheduler.scheduleRecursive(Command.tick, dueTime: startAfter, action: tick)
    }

    private func tick(_ command: Command, _ scheduler: AnyRecursiveScheduler<Command>) {
        switch command {
        case .tick:
            scheduler.schedule(.tick, dueTime: period)
            if pendingTickCount.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 {
                tick(.dispatchStart, scheduler)
            }
        case .dispatchStart:
            state = action(state)
            if pendingTickCount.wrappingSubtract(1, ordering: .acquiringAndReleasing).oldValue > 1 {
                scheduler.schedule(.dispatchStart)
            }
        }
    }
}
