import Foundation

/// A thread that runs one closure. ``join()`` returns once the closure has
/// returned *and been released*, so nothing it captured (a subject, an
/// observer) outlives the wait and shows up as a leaked resource.
final class BackgroundThread {
    private let finished = DispatchSemaphore(value: 0)

    /// The closure, dropped by the thread once it has run.
    private final class Work: @unchecked Sendable {
        var body: (() -> Void)?
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Starts a thread running `body`.
    init(_ body: @escaping () -> Void) {
        let work = Work(body)
        let finished = self.finished
        Thread {
            work.body?()
            work.body = nil
            finished.signal()
        }.start()
    }

    /// Waits until the closure has run and been released.
    func join() {
        finished.wait()
    }

    /// Runs `body` on another thread and waits for it, as ``join()`` does.
    static func run(_ body: @escaping () -> Void) {
        BackgroundThread(body).join()
    }
}
