import CRxCoreThread
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `MainScheduler` instance's work queued or running, as RxSwift's `numberEnqueued`: that
/// instance runs new work inline only while this is zero. Counted per instance, as in RxSwift, so main
/// work of one instance scheduled from inside another's (a driver's delivery inside a signal's) runs at
/// once. Read and written under ``MainQueue``'s lock only.
final class MainWorkCount: @unchecked Sendable {
    fileprivate var value = 0
}

/// Something the main scheduler's queue runs.
protocol MainQueueItem: AnyObject {
    /// Runs the item; false when it had been cancelled.
    func run() -> Bool
}

/// The main scheduler's logical serial queue. Two kinds of consumer take
/// items from it, each item running once: a `DispatchQueue.main` pump that
/// runs one item and posts itself again while items are left (apps whose main
/// thread runs a run loop or `dispatchMain`), and
/// ``MainScheduler/drain()`` (tests and tools on Linux, where nothing services
/// the main queue). One consumer at a time owns the queue, so items never
/// overlap; the owner may drain again from inside an item (a blocking wait).
final class MainQueue: @unchecked Sendable {
    static let shared = MainQueue()

    /// Fires delayed and periodic main-scheduler work into this queue.
    let timerQueue = DispatchQueue(label: "RxCore.MainScheduler.timers")

    private struct State {
        var items: [(item: MainQueueItem, since: DispatchTime, count: MainWorkCount?)] = []
        var head = 0
        var owner: pthread_t?
        var ownerDepth = 0
        /// Whether a pump is posted to `DispatchQueue.main` and has not run
        /// yet. At most one is: where nothing services the main queue (Linux
        /// tools and tests), a pump posted per item would pile up for good.
        var pumpPosted = false
    }

    private let state = Locked(State())

    /// Whether the calling thread counts as "main": the main thread, or a thread
    /// draining the queue.
    private func isMain(_ state: borrowing State, _ me: pthread_t) -> Bool {
        if let owner = state.owner { return pthread_equal(owner, me) != 0 }
        return crxcore_is_main_thread()
    }

    /// Runs `body` at once if the caller is on main and `count`'s scheduler has nothing queued or
    /// running (RxSwift's `MainScheduler` rule); returns `nil` otherwise.
    func runInline(counting count: MainWorkCount, _ body: () -> Disposable) -> Disposable? {
        let me = pthread_self()
        let claimed = state.withLock { state -> Bool in
            guard count.value == 0, isMain(state, me) else { return false }
            count.value += 1
            state.owner = me
            state.ownerDepth += 1
            return true
        }
        guard claimed else { return nil }
        defer {
            state.withLock { state in
                count.value -= 1
                state.ownerDepth -= 1
                if state.ownerDepth == 0 { state.owner = nil }
            }
        }
        return body()
    }

    /// Queues `item`, counted as work of the scheduler `count` belongs to until it has run (none for
    /// `asyncInstance` and timers, which RxSwift does not count either).
    func enqueue(_ item: MainQueueItem, counting count: MainWorkCount? = nil) {
        let post = state.withLock { state -> Bool in
            state.items.append((item, .now(), count))
            count?.value += 1
            return Self.claimPump(&state)
        }
        if post { DispatchQueue.main.async { MainQueue.shared.pump() } }
        SchedulerProgress.shared.notify()
    }

    /// Marks a pump as posted unless one is; true when the caller must post it.
    private static func claimPump(_ state: inout State) -> Bool {
        guard !state.pumpPosted else { return false }
        state.pumpPosted = true
        return true
    }

    /// Whether a pump is waiting on `DispatchQueue.main`.
    var isPumpPosted: Bool { state.withLock { $0.pumpPosted } }

    /// Items waiting to run.
    var queuedCount: Int { state.withLock { $0.items.count - $0.head } }

    /// When a waiter off the main thread should take over the oldest queued
    /// item, or `nil` when nothing waits or another consumer is at work.
    var handoverTime: DispatchTime? {
        state.withLock { state in
            guard state.owner == nil, state.head < state.items.count else { return nil }
            return state.items[state.head].since + MainScheduler.handoverDelay
        }
    }

    private func takeHead(_ state: inout State) -> (item: MainQueueItem, count: MainWorkCount?)? {
        guard state.head < state.items.count else { return nil }
        let item = (state.items[state.head].item, state.items[state.head].count)
        state.head += 1
        if state.head == state.items.count {
            state.items.removeAll(keepingCapacity: true)
            state.head = 0
        }
        return item
    }

    private func finished(_ count: MainWorkCount?) {
        state.withLock { _ in count?.value -= 1 }
    }

    /// One item, on the main thread, unless another consumer owns the queue
    /// (it runs everything queued before it lets go).
    private func pump() {
        let me = pthread_self()
        let taken = state.withLock { state -> (item: MainQueueItem, count: MainWorkCount?)? in
            state.pumpPosted = false
            guard state.owner == nil, let taken = takeHead(&state) else { return nil }
            state.owner = me
            state.ownerDepth = 1
            return taken
        }
        guard let taken else { return }
        _ = taken.item.run()
        let post = state.withLock { state -> Bool in
            taken.count?.value -= 1
            state.ownerDepth = 0
            state.owner = nil
            return state.head < state.items.count && Self.claimPump(&state)
        }
        if post { DispatchQueue.main.async { MainQueue.shared.pump() } }
    }

    /// Runs queued items on the calling thread until none is left, including
    /// items queued meanwhile; returns how many ran. Returns 0 at once when
    /// another thread owns the queue.
    func drain() -> Int {
        let me = pthread_self()
        let owned = state.withLock { state -> Bool in
            if let owner = state.owner, pthread_equal(owner, me) == 0 { return false }
            state.owner = me
            state.ownerDepth += 1
            return true
        }
        guard owned else { return 0 }
        var ran = 0
        // Taking the next item and letting go of the queue happen under one
        // lock, so an item queued meanwhile is either run here or by its pump.
        while let taken = state.withLock({ state -> (item: MainQueueItem, count: MainWorkCount?)? in
            if let taken = takeHead(&state) { return taken }
            state.ownerDepth -= 1
            if state.ownerDepth == 0 { state.owner = nil }
            return nil
        }) {
            if taken.item.run() { ran += 1 }
            finished(taken.count)
        }
        return ran
    }

    /// A blocking waiter's share of the work: on the main thread it drains at
    /// once; elsewhere only what has waited longer than the handover delay.
    func drainForWaiter(onMainThread: Bool) -> Int {
        if onMainThread { return drain() }
        guard let handover = handoverTime, handover <= .now() else { return 0 }
        return drain()
    }
}
