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
        if let existing = pthread_getspecific(Self.queueKey) {
            let queue = Unmanaged<Queue>.fromOpaque(existing).takeUnretainedValue()
            let item = ScheduledItem { action(state) }
            queue.items.append(item)
            return Disposables.create { item.disposable.dispose() }
        }
        let queue = Queue()
        pthread_setspecific(Self.queueKey, Unmanaged.passUnretained(queue).toOpaque())
        defer { pthread_setspecific(Self.queueKey, nil) }
        let disposable = action(state)
        while queue.head < queue.items.count {
            let item = queue.items[queue.head]
            queue.head += 1
            if !item.disposable.isDisposed {
                item.disposable.set(ResourceScope.restoring(item.scope, item.run))
            }
        }
        return withExtendedLifetime(queue) { disposable }
    }
}
