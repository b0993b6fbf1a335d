import Dispatch
import Synchronization

/// How a dispatch-based scheduler runs work: on a dispatch queue, or on the
/// main scheduler's logical queue. Every item is pending work of `pending`.
struct DispatchQueueConfiguration {
    enum Target {
        /// A dispatch queue; timers fire on it and run their work there.
        case queue(DispatchQueue)
        /// The main scheduler's queue. With a count (a `MainScheduler` instance's),
        /// work scheduled on main while that instance has nothing queued runs at once;
        /// without (`asyncInstance`), work always queues.
        case main(counting: MainWorkCount?)
    }

    let target: Target
    let leeway: DispatchTimeInterval
    let pending: PendingWork

    /// The scheduler as a leak check's pending work names it.
    private var name: String {
        switch target {
        case .queue(let queue): "the dispatch queue \"\(queue.label)\""
        case .main: "the main scheduler"
        }
    }

    /// Where timers fire.
    private var timerQueue: DispatchQueue {
        switch target {
        case .queue(let queue): queue
        case .main: MainQueue.shared.timerQueue
        }
    }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        schedule { action(state) }
    }

    /// Schedules `work` as it is: no state to bind, so no closure around it.
    func schedule(_ work: @escaping () -> Disposable) -> Disposable {
        switch target {
        case .queue(let queue):
            let item = ScheduledWork(pending: pending, work: "queued work", scheduler: name, action: work)
            queue.async { item.run() }
            return item
        case .main(let count):
            if let count, let disposable = MainQueue.shared.runInline(counting: count, work) { return disposable }
            let item = ScheduledWork(pending: pending, work: "queued work", scheduler: name, action: work)
            MainQueue.shared.enqueue(item, counting: count)
            return item
        }
    }

    /// Whether `runInline(_:)` can ever run work at once: only a main
    /// scheduler instance's can (`asyncInstance` and dispatch queues always queue).
    var mayRunInline: Bool {
        if case .main(let count) = target { return count != nil }
        return false
    }

    /// Runs `work` now and returns true when `schedule` would run it at once
    /// (a main scheduler instance, called on main with nothing of its own
    /// queued); false, running nothing, otherwise. `work` does not escape, so
    /// work that runs at once costs no closure context.
    func runInline(_ work: () -> Void) -> Bool {
        guard case .main(let count?) = target else { return false }
        return MainQueue.shared.runInline(counting: count) {
            work()
            return Disposables.create()
        } != nil
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let work = ScheduledWork(pending: pending, work: "work due after \(dueTime.seconds) s", scheduler: name) {
            action(state)
        }
        let timer = DispatchSource.makeTimerSource(queue: timerQueue)
        timer.schedule(deadline: .now() + dueTime, leeway: leeway)
        switch target {
        case .queue: timer.setEventHandler { work.run() }
        case .main: timer.setEventHandler { MainQueue.shared.enqueue(work) }
        }
        // The handler and the timer hold each other until the timer is
        // cancelled: when the work runs or is disposed.
        work.setCancelTimer { timer.cancel() }
        timer.resume()
        return work
    }

    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let work = PeriodicWork(pending: pending, period: period, scheduler: name, state: state, action: action)
        let timer = DispatchSource.makeTimerSource(queue: timerQueue)
        timer.schedule(deadline: .now() + startAfter, repeating: period, leeway: leeway)
        switch target {
        case .queue: timer.setEventHandler { work.tick() }
        case .main:
            let tick = MainPeriodicTick(work)
            timer.setEventHandler { tick.fire() }
        }
        work.setCancelTimer { timer.cancel() }
        timer.resume()
        return work
    }
}

/// Queues a periodic timer's ticks on the main scheduler, at most one at a time:
/// periods that pass while a tick waits to run are merged into it, as a
/// dispatch source merges its own events.
private final class MainPeriodicTick<StateType>: MainQueueItem, @unchecked Sendable {
    private let work: PeriodicWork<StateType>
    private let isQueued = Atomic<Bool>(false)

    init(_ work: PeriodicWork<StateType>) {
        self.work = work
    }

    func fire() {
        if !isQueued.exchange(true, ordering: .acquiringAndReleasing) {
            MainQueue.shared.enqueue(self)
        }
    }

    func run() -> Bool {
        isQueued.store(false, ordering: .releasing)
        return work.tick()
    }
}
