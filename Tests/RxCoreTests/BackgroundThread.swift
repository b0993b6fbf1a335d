import Foundation

/// A thread that runs one closure. ``join()`` returns once the closure has
/// returned *and been released*, so nothing it captured (a subject, an
/// observer) outlives the wait and shows up as a leaked resource.
final class BackgroundThread {
    private let finished = DispatchSemaphore(value: 0)

    /// Starts a thread running `body`.
    init(_ body: @escaping () -> Void) {
        var work: (() -> Void)? = body
        let finished = self.finished
        Thread {
            work?()
            work = nil
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
