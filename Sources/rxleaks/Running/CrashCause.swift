#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Names a child's fatal signal and, from what the Swift runtime printed on
/// its stderr, the reason it died.
enum CrashCause {
    /// `SIGILL`, `SIGTRAP`, ... or `signal 42`.
    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }

    /// The reason read from `stderr`, falling back to what `signal` usually means.
    static func cause(signal: Int32, stderr: String) -> String? {
        let known: [(needle: String, cause: String)] = [
            ("Attempted to read an unowned reference", "unowned reference read after deallocation"),
            ("Unexpectedly found nil while unwrapping", "force-unwrapped nil"),
            ("Unexpectedly found nil while implicitly unwrapping", "force-unwrapped nil"),
            ("Index out of range", "index out of range"),
            ("Simultaneous accesses", "exclusive access violated (simultaneous accesses)"),
            ("deallocated with non-zero retain count", "object deallocated while still retained"),
            ("Arithmetic overflow", "arithmetic overflow"),
        ]
        if let match = known.first(where: { stderr.contains($0.needle) }) { return match.cause }
        if let fatal = stderr.split(separator: "\n").first(where: { $0.contains("Fatal error") }) {
            let message = fatal.split(separator: "Fatal error", maxSplits: 1).last.map {
                $0.drop { $0 == ":" || $0 == " " }
            }
            return message.map { "fatal error: \($0)" } ?? "fatal error"
        }
        switch signal {
        case SIGSEGV, SIGBUS: return "invalid memory access"
        case SIGKILL: return "killed from outside (out of memory?)"
        default: return nil
        }
    }

    /// `SIGILL, unowned reference read after deallocation`.
    static func reason(signal: Int32, stderr: String) -> String {
        [signalName(signal), cause(signal: signal, stderr: stderr)].compactMap { $0 }.joined(separator: ", ")
    }
}
