import Foundation
import Synchronization

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP while `rxleaks test` runs: noted
/// instead of ending the process at once, so that the run stops the `swift`
/// it waits for and unwinds, putting the checkout's `Package.resolved` back.
enum Interruption {
    private static let received = Atomic<Int32>(0)
    private static let signals = [SIGINT, SIGTERM, SIGHUP]
    /// How many ``install()`` calls are not yet undone: `rxleaks fix` notes
    /// signals for its whole run, across the test runs that install their own.
    private static let depth = Mutex(0)

    /// Notes these signals from now on.
    static func install() {
        guard depth.withLock({ depth in depth += 1; return depth == 1 }) else { return }
        for number in signals {
            // A handler, not SIG_IGN: exec resets it, so `swift` and what it
            // runs still stop on Ctrl-C.
            _ = signal(number) { Interruption.received.store($0, ordering: .relaxed) }
        }
    }

    /// Ends each signal's process at once again, once every ``install()`` is undone.
    static func uninstall() {
        guard depth.withLock({ depth in depth -= 1; return depth == 0 }) else { return }
        for number in signals { _ = signal(number, SIG_DFL) }
    }

    /// The signal received since ``install()``, if any.
    static var caught: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// Passes the signal on to `process` (a terminal sends Ctrl-C to it too,
    /// `kill` does not) and waits until it has ended, killing it after 10 s.
    static func stop(_ process: Process, with number: Int32) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, number)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
