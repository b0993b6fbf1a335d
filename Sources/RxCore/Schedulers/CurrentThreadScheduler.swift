import CRxCoreThread

/// Runs work on the current thread, queueing work scheduled from inside other
/// work until that work returns (a trampoline), as RxSwift's does.
public final class CurrentThreadScheduler: ImmediateSchedulerType, @unchecked Sendable {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    /// Whether scheduled work would run at once (nothing is running on this
    /// thread's trampoline) rather than be queued.
    public static var isScheduleRequired: Bool {
        crxcore_get_trampoline_state() == nil
    }

    /// This thread's trampoline state while the trampoline runs and nothing
    /// was queued yet: the queue is made only when work is queued.
    private static let runningWithoutQueue = UnsafeMutableRawPointer(bitPattern: 1)!

    private final class Queue {
        var items: [ScheduledItem] = []
        var head = 0
    }

    /// Queued work remembers the scope that queued it: it runs after the
    /// queuing call returns, possibly outside that scope's `run`.
    private final class ScheduledItem {
        let run: () -> Disposable
        let scope = ResourceScope.attributable
        let disposable = SingleAssignmentSlot()
        init(_ run: @escaping () -> Disposable) { self.run = run }
    }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        guard let existing = crxcore_get_trampoline_state() else {
            return Self.trampoline { action(state) }
        }
        let queue: Queue
        if existing == Self.runningWithoutQueue {
            queue = Queue()
            crxcore_set_trampoline_state(Unmanaged.passRetained(queue).toOpaque())
        } else {
            queue = Unmanaged<Queue>.fromOpaque(existing).takeUnretainedValue()
        }
        let item = ScheduledItem { action(state) }
        queue.items.append(item)
        return Disposables.create { item.disposable.dispose() }
    }

    /// Runs `body` on this thread's trampoline: at once when the trampoline
    /// already runs here (the caller then runs the work `body` queues), else
    /// as its first item, followed by the work queued meanwhile. Nothing is
    /// allocated unless work is queued.
    @inline(__always)
    static func trampoline(_ body: () -> Disposable) -> Disposable {
        if crxcore_get_trampoline_state() != nil { return body() }
        crxcore_set_trampoline_state(runningWithoutQueue)
        let disposable = body()
        if let existing = crxcore_get_trampoline_state(), existing != runningWithoutQueue {
            let queue = Unmanaged<Queue>.fromOpaque(existing)
            drain(queue.takeUnretainedValue())
            queue.release()
        }
        crxcore_set_trampoline_state(nil)
        return disposable
    }

    private static func drain(_ queue: Queue) {
        while queue.head < queue.items.count {
            let item = queue.items[queue.head]
            queue.head += 1
            if !item.disposable.isDisposed {
                item.disposable.set(ResourceScope.restoring(item.scope, item.run))
            }
        }
    }
}
