import Dispatch
import Foundation

/// Runs work on the main thread's logical serial queue, as RxSwift's
/// `MainScheduler` does.
///
/// An instance (``instance``, or one made with ``init()``) runs work at once when
/// called on the main thread while that instance has nothing queued or running:
/// as in RxSwift the count is per instance, so work of one instance scheduled
/// from inside another's runs at once, and ``SharingScheduler/make`` gives each
/// driver and signal an instance of its own. Otherwise, and always for
/// ``asyncInstance``, work is queued (all instances share one queue, in order) and a
/// `DispatchQueue.main.async` pump is posted for it, so apps whose main thread
/// runs a run loop or `dispatchMain()` see RxSwift's behaviour.
///
/// ## Draining on Linux
///
/// In tests and command-line tools on Linux nothing services
/// `DispatchQueue.main` while the main thread runs a test, so queued main
/// work would wait forever. ``drain()`` is the way to run it: it runs every
/// queued item on the calling thread, including items queued while draining,
/// and returns how many ran; ``pendingCount`` says how many are waiting.
/// The pump and ``drain()`` take items from the same queue, and each item
/// runs exactly once, on whichever consumer takes it first; items never run
/// at the same time.
///
/// Blocking waits (`toBlocking()`, ``DispatchSchedulers/waitUntilIdle(timeout:)``)
/// drain for you: on the main thread at once, since no one else can while it
/// waits; on another thread only after an item has waited
/// ``handoverDelay`` without the main thread taking it, so the main thread
/// keeps main work whenever it is servicing its queue.
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    /// How long queued main work waits for the main thread before a blocking
    /// wait on another thread runs it itself: 0.1 s.
    public static let handoverDelay: TimeInterval = 0.1

    private static let pending = PendingWork()

    /// Runs work at once when already on the main thread with nothing of this
    /// instance queued, otherwise queues it.
    public static let instance = MainScheduler()

    /// Always queues work, even when called on the main thread.
    public static let asyncInstance: SerialDispatchQueueScheduler = MainScheduler(inline: false)

    /// A main scheduler that runs work at once when it can, like ``instance``, counting
    /// its queued work apart from every other instance's.
    public convenience init() {
        self.init(inline: true)
    }

    private init(inline: Bool) {
        super.init(
            configuration: DispatchQueueConfiguration(
                target: .main(counting: inline ? MainWorkCount() : nil), leeway: .nanoseconds(0), pending: Self.pending)
        )
    }

    /// Runs all queued main-scheduler work on the calling thread, including
    /// work queued while draining; returns how many items ran.
    ///
    /// Returns 0 at once when another thread is running main work at this
    /// moment: that thread runs what is queued before it stops. Delayed main
    /// work runs once its time has come and it is drained.
    @discardableResult
    public static func drain() -> Int {
        MainQueue.shared.drain()
    }

    /// Main-scheduler work that has neither run nor been cancelled, delayed work
    /// whose time has not come included (an active periodic timer counts as one).
    public static var pendingCount: Int { pending.current }

    /// Queued main-scheduler work that ``drain()`` would run now.
    public static var queuedCount: Int { MainQueue.shared.queuedCount }

    /// Stops the process with `errorMessage` unless called on the main thread.
    ///
    /// For code that must only run on the main thread (a binding into UI state); RxSwift skips the
    /// check on Linux, where Foundation long lacked `Thread.isMainThread`, RxCore makes it everywhere.
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        guard Thread.isMainThread else {
            fatalError(errorMessage ?? "Running on background thread.")
        }
    }

    /// Stops the process with `errorMessage` unless called on the main thread, where this scheduler's
    /// work runs.
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        ensureRunningOnMainThread(
            errorMessage: errorMessage
                ?? "Executing on background thread. Please use `MainScheduler.instance.schedule` to schedule work on main thread."
        )
    }
}
