#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Probes
import Synchronization

/// Whether leak checks capture backtraces where objects are tracked and
/// subscriptions are made.
///
/// Off by default; on when the environment has `RXLEAKS_BACKTRACES=1`, or
/// when set in code. Capture is raw and cheap; symbolication happens only for
/// what a report shows.
public enum Backtraces {
    // `getenv`, not `ProcessInfo`: integrations registered at load time ask
    // for this before `main`.
    private static let enabled = Atomic<Bool>(getenv("RXLEAKS_BACKTRACES").map { String(cString: $0) == "1" } ?? false)

    /// Whether capture is on. Switching it on also tells every
    /// ``LeakIntegration`` to capture backtraces of its own work (RxCore: one
    /// per subscription).
    public static var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set {
            enabled.store(newValue, ordering: .relaxed)
            LeakIntegrations.all.forEach { $0.backtracesChanged(enabled: newValue) }
        }
    }

    /// Symbolicated frames (`function at File.swift:12`) of a raw backtrace,
    /// such as a subscription record's.
    public static func symbolicate(_ addresses: [UInt]) -> [String] {
        Backtrace.symbolicate(addresses).map(\.description)
    }
}
