import Dispatch
import Foundation
import Synchronization

/// The pending work of all of RxCore's dispatch-based schedulers
/// (``MainScheduler``, ``SerialDispatchQueueScheduler``,
/// ``ConcurrentDispatchQueueScheduler``), so a test or the leak engine can let
/// scheduled work settle without sleeping.
///
/// Work counts as pending from the moment it is scheduled until it has run or
/// been cancelled; delayed work counts while its time has not come, and a
/// periodic timer counts as one item for as long as it is active. While
/// pending, each item is also a live resource of the `.scheduled` family.
public enum DispatchSchedulers {
    static let pending = Atomic<Int>(0)

    /// Scheduled work on all dispatch schedulers that has neither run nor been cancelled.
    public static var pendingCount: Int { pending.load(ordering: .acquiring) }

    /// Waits until no dispatch scheduler has pending work, or `timeout` seconds
    /// pass; returns whether it became idle.
    ///
    /// Main-scheduler work is run while waiting, as ``MainScheduler/drain()``
    /// describes for blocking waits: at once on the main thread, and after
    /// ``MainScheduler/handoverDelay`` on other threads.
    public static func waitUntilIdle(timeout: TimeInterval) -> Bool {
        SchedulerProgress.shared.wait(timeout: timeout) { pendingCount == 0 }
    }

    /// Waits until `condition` holds or `timeout` seconds pass (forever when
    /// `nil`), running main-scheduler work meanwhile as
    /// ``MainScheduler`` describes for blocking waits; returns `condition()`.
    ///
    /// The condition is checked again whenever scheduled work finishes, main
    /// work is queued, or someone calls ``wake()``: whoever makes it true from
    /// another thread calls ``wake()`` afterwards. `toBlocking()` waits this way.
    public static func wait(timeout: TimeInterval?, until condition: () -> Bool) -> Bool {
        SchedulerProgress.shared.wait(timeout: timeout, until: condition)
    }

    /// Makes every ``wait(timeout:until:)`` check its condition again.
    public static func wake() {
        SchedulerProgress.shared.notify()
    }
}

/// One scheduler's count of pending work; each change also moves the
/// process-wide ``DispatchSchedulers/pendingCount``.
final class PendingWork: Sendable {
    private let count = Atomic<Int>(0)

    var current: Int { count.load(ordering: .acquiring) }

    func begin() {
        count.wrappingAdd(1, ordering: .acquiringAndReleasing)
        DispatchSchedulers.pending.wrappingAdd(1, ordering: .acquiringAndReleasing)
    }

    func end() {
        count.wrappingSubtract(1, ordering: .acquiringAndReleasing)
        DispatchSchedulers.pending.wrappingSubtract(1, ordering: .acquiringAndReleasing)
        SchedulerProgress.shared.notify()
    }

    /// Waits until this scheduler has no pending work (see ``DispatchSchedulers/waitUntilIdle(timeout:)``).
    func waitUntilIdle(timeout: TimeInterval) -> Bool {
        SchedulerProgress.shared.wait(timeout: timeout) { current == 0 }
    }
}

/// Wakes threads that wait for scheduled work to progress: pending work
/// finishing, main-scheduler work arriving, a blocked-on sequence sending events.
final class SchedulerProgress: @unchecked Sendable {
    static let shared = SchedulerProgress()

    private let condition = NSCondition()
    /// Bumped by every notification, so a waiter never sleeps through one that
    /// came between its check and its wait.
    private var generation: UInt64 = 0

    func notify() {
        condition.lock()
        generation &+= 1
        condition.broadcast()
        condition.unlock()
    }

    private var currentGeneration: UInt64 {
        condition.lock()
        defer { condition.unlock() }
        return generation
    }

    /// Waits until `isDone` holds or `timeout` seconds pass (forever when `nil`),
    /// running main-scheduler work as ``MainScheduler/drain()`` describes; returns `isDone()`.
    func wait(timeout: TimeInterval?, until isDone: () -> Bool) -> Bool {
        let deadline = timeout.map { DispatchTime.now() + $0 }
        let onMainThread = Thread.isMainThread
        while true {
            let seen = currentGeneration
            if isDone() { return true }
            if MainQueue.shared.drainForWaiter(onMainThread: onMainThread) > 0 { continue }
            let now = DispatchTime.now()
            if let deadline, now >= deadline { return isDone() }
            var wakeAt = deadline
            if let handover = MainQueue.shared.handoverTime, !onMainThread {
                wakeAt = wakeAt.map { min($0, handover) } ?? handover
            }
            condition.lock()
            while generation == seen {
                guard let wakeAt else {
                    condition.wait()
                    continue
                }
                let now = DispatchTime.now()
                guard now < wakeAt else { break }
                let seconds = Double(wakeAt.uptimeNanoseconds - now.uptimeNanoseconds) / 1_000_000_000
                _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
            }
            condition.unlock()
        }
    }
}
