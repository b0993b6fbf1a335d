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

    /// Waits at most `seconds` for the closure to run and be released; false
    /// if it did not, so a test of a deadlock fails instead of hanging.
    func join(timeout seconds: Double) -> Bool {
        finished.wait(timeout: .now() + seconds) == .success
    }

    /// Runs `body` on another thread and waits for it, as ``join()`` does.
    static func run(_ body: @escaping () -> Void) {
        BackgroundThread(body).join()
    }
}

/// A value shared between the test's threads.
final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
