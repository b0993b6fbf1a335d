#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP while `rxleaks test` runs: noted
/// instead of ending the process at once, so that the run passes the signal
/// on to the `swift` it runs (a child in a process group of its own, which a
/// terminal's Ctrl-C does not reach) and ends with the signal's status. The
/// handler does not restart system calls: a wait (`poll`, `flock`) returns
/// at once and the run looks at ``caught``.
enum Interruption {
    private static let received = Atomic<Int32>(0)
    private static let signals = [SIGINT, SIGTERM, SIGHUP]
    /// How many ``install()`` calls are not yet undone: `rxleaks fix` notes
    /// signals for its whole run, across the test runs that install their own.
    private static let depth = Mutex(0)

    /// Notes these signals from now on.
    static func install() {
        guard
            depth.withLock({ depth in
                depth += 1; return depth == 1
            })
        else { return }
        for number in signals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { Interruption.received.store($0, ordering: .relaxed) }
            #else
            action.__sigaction_u.__sa_handler = { Interruption.received.store($0, ordering: .relaxed) }
            #endif
            action.sa_flags = 0
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
    }

    /// Ends each signal's process at once again, once every ``install()`` is undone.
    static func uninstall() {
        guard
            depth.withLock({ depth in
                depth -= 1; return depth == 0
            })
        else { return }
        for number in signals { _ = signal(number, SIG_DFL) }
    }

    /// The signal received since ``install()``, if any.
    static var caught: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }
}
