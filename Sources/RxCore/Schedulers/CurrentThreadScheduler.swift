#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work on the current thread, queueing work scheduled from inside other
/// work until that work returns (a trampoline), as RxSwift's does.
public final class CurrentThreadScheduler: ImmediateSchedulerType, @unchecked Sendable {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    private static let queueKey: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "pthread_key_create failed")
        return key
    }()

    /// Whether scheduled work would run at once (nothing is running on this
    /// thread's trampoline) rather than be queued.
    public static var isScheduleRequired: Bool {
        pthread_getspecific(queueKey) == nil
    }

    /// This thread's key while the trampoline runs and nothing was queued
    /// yet: the queue is made only when work is queued.
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
        guard let existing = pthread_getspecific(Self.queueKey) else {
            return Self.trampoline { action(state) }
        }
        let queue: Queue
        if existing == Self.runningWithoutQueue {
            queue = Queue()
            pthread_setspecific(Self.queueKey, Unmanaged.passRetained(queue).toOpaque())
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
        if pthread_getspecific(queueKey) != nil { return body() }
        pthread_setspecific(queueKey, runningWithoutQueue)
        let disposable = body()
        if let existing = pthread_getspecific(queueKey), existing != runningWithoutQueue {
            let queue = Unmanaged<Queue>.fromOpaque(existing)
            drain(queue.takeUnretainedValue())
            queue.release()
        }
        pthread_setspecific(queueKey, nil)
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
