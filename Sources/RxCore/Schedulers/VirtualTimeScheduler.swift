import Foundation
import Synchronization

private let virtualTimeItemKind = ResourceKind("VirtualTimeItem", .scheduled)

/// A scheduler whose clock moves only when it runs work: time jumps to each
/// item's due time, so time-based code runs instantly and deterministically.
///
/// Same API and ordering as RxSwift's: items run by due time, then in the order
/// they were scheduled. Work runs in the ``ResourceScope`` that scheduled it.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, @unchecked Sendable {
    /// The virtual clock's type.
    public typealias VirtualTime = Converter.VirtualTimeUnit
    /// The virtual interval's type.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    private struct State {
        var clock: VirtualTime
        var queue: PriorityQueue<VirtualSchedulerItem<VirtualTime>>
        var isRunning = false
        var nextID = 0
    }

    private let converter: Converter
    private let state: Mutex<State>

    /// A stopped scheduler whose clock reads `initialClock`.
    public init(initialClock: VirtualTime, converter: Converter) {
        self.converter = converter
        self.state = Mutex(
            State(
                clock: initialClock,
                queue: PriorityQueue { lhs, rhs in
                    switch converter.compareVirtualTime(lhs.time, rhs.time) {
                    case .lessThan: true
                    case .equal: lhs.id < rhs.id
                    case .greaterThan: false
                    }
                }))
    }

    /// The real date the virtual clock stands for.
    public var now: RxTime { converter.convertFromVirtualTime(clock) }

    /// The virtual clock.
    public var clock: VirtualTime { state.withLock { $0.clock } }

    /// Schedules `action` as soon as possible, which is the clock as
    /// ``adjustScheduledTime(_:)`` adjusts it.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .microseconds(0), action: action)
    }

    /// Schedules `action` after the real interval `dueTime`, converted to virtual time;
    /// an interval of `.never` never runs.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        guard dueTime != .never else { return Disposables.create() }
        let time = converter.convertToVirtualTime(now.addingTimeInterval(dueTime.seconds))
        return scheduleAbsoluteVirtual(state, time: adjustScheduledTime(time), action: action)
    }

    /// Schedules `action` at the clock moved by the virtual interval `dueTime`.
    public func scheduleRelativeVirtual<StateType>(
        _ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        scheduleAbsoluteVirtual(state, time: converter.offsetVirtualTime(clock, offset: dueTime), action: action)
    }

    /// Schedules `action` at the virtual time `time`; a time already past runs
    /// on the next ``start()`` or ``advanceTo(_:)`` without moving the clock back.
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let attribution = WorkAttribution.current
        return self.state.withLock { schedulerState in
            defer { schedulerState.nextID += 1 }
            let item = VirtualSchedulerItem(time: time, id: schedulerState.nextID, attribution: attribution) {
                action(state)
            }
            schedulerState.queue.enqueue(item)
            return item
        }
    }

    /// The time work scheduled for `time` really runs at; subclasses adjust it
    /// (the test scheduler moves "now" one tick ahead).
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime { time }

    /// Runs every scheduled item, including those scheduled meanwhile, until
    /// none is left or ``stop()`` is called. Does nothing if already running.
    public func start() {
        let began = state.withLock { state -> Bool in
            guard !state.isRunning else { return false }
            state.isRunning = true
            return true
        }
        guard began else { return }
        while let item = takeNext(dueBy: nil) { item.invoke() }
        state.withLock { $0.isRunning = false }
    }

    /// The virtual time `interval` seconds after the clock, for ``advanceTo(_:)``.
    public func virtualTime(after interval: TimeInterval) -> VirtualTime {
        converter.offsetVirtualTime(clock, offset: converter.convertToVirtualTimeInterval(interval))
    }

    /// Items scheduled and neither run nor disposed yet.
    public var pendingCount: Int { state.withLock { $0.queue.count { !$0.isDisposed } } }

    /// The items ``pendingCount`` counts, soonest first, each with its due time and
    /// the subscription it was scheduled for (known for work scheduled inside a
    /// ``ResourceScope``, such as a leak check).
    public var pendingWork: [PendingWorkRecord] {
        let items = state.withLock { $0.queue.sorted() }.filter { !$0.isDisposed }
        let scheduler = "the virtual-time scheduler \(type(of: self))"
        return items.map { item in
            PendingWorkRecord(
                work: "work due at virtual time \(item.time)", scheduler: scheduler,
                subscription: item.attribution.origin)
        }
    }

    /// Runs the items due up to `virtualTime`, then sets the clock to it.
    public func advanceTo(_ virtualTime: VirtualTime) {
        state.withLock { state in
            precondition(!state.isRunning, "Scheduler is already running")
            state.isRunning = true
        }
        while let item = takeNext(dueBy: virtualTime) { item.invoke() }
        state.withLock { state in
            state.clock = virtualTime
            state.isRunning = false
        }
    }

    /// Moves the clock forward by `virtualInterval` without running anything.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        state.withLock { state in
            let sleepTo = converter.offsetVirtualTime(state.clock, offset: virtualInterval)
            precondition(!converter.compareVirtualTime(sleepTo, state.clock).lessThan, "Can't sleep to past.")
            state.clock = sleepTo
        }
    }

    /// Makes ``start()`` or ``advanceTo(_:)`` return after the item running now.
    public func stop() {
        state.withLock { $0.isRunning = false }
    }

    /// Takes the next live item (due by `limit`, when given) off the queue and
    /// moves the clock to it; disposed items are dropped on the way.
    private func takeNext(dueBy limit: VirtualTime?) -> VirtualSchedulerItem<VirtualTime>? {
        state.withLock { state in
            guard state.isRunning else { return nil }
            while let front = state.queue.peek() {
                if front.isDisposed {
                    _ = state.queue.dequeue()
                    continue
                }
                if let limit, converter.compareVirtualTime(front.time, limit).greaterThan { return nil }
                _ = state.queue.dequeue()
                if converter.compareVirtualTime(front.time, state.clock).greaterThan { state.clock = front.time }
                return front
            }
            return nil
        }
    }
}

/// One piece of work on a virtual time scheduler; disposing it cancels the
/// work, or disposes what the work returned once it has run. It is a live
/// resource while pending, like dispatch schedulers' work.
final class VirtualSchedulerItem<Time>: Cancelable, @unchecked Sendable {
    private struct Pending: ~Copyable {
        /// Taken when the work runs or is cancelled, freeing its captures.
        var action: (() -> Disposable)?
        var token: ResourceToken?
    }

    let time: Time
    let id: Int
    let attribution: WorkAttribution
    private let pending: Mutex<Pending>
    private let result = SingleAssignmentSlot()

    init(time: Time, id: Int, attribution: WorkAttribution, action: @escaping () -> Disposable) {
        self.time = time
        self.id = id
        self.attribution = attribution
        self.pending = Mutex(Pending(action: action, token: ResourceToken(virtualTimeItemKind)))
    }

    var isDisposed: Bool { result.isDisposed }

    func invoke() {
        guard let action = pending.withLock({ $0.action.take() }) else { return }
        result.set(attribution.run(action))
        pending.withLock { $0.token = nil }
    }

    func dispose() {
        pending.withLock { pending in
            pending.action = nil
            pending.token = nil
        }
        result.dispose()
    }
}
