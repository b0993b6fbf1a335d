import Foundation
import Probes
import RxCore
import Synchronization

/// Whether leak checks capture backtraces where objects are tracked and
/// subscriptions are made.
///
/// Off by default; on when the environment has `RXLEAKS_BACKTRACES=1`, or
/// when set in code. Capture is raw and cheap; symbolication happens only for
/// what a report shows.
public enum Backtraces {
    private static let enabled: Atomic<Bool> = {
        let fromEnvironment = ProcessInfo.processInfo.environment["RXLEAKS_BACKTRACES"] == "1"
        if fromEnvironment { SubscriptionRegistry.backtraceCapture = subscriptionBacktrace }
        return Atomic(fromEnvironment)
    }()

    /// Whether capture is on. Switching it on also makes RxCore capture a
    /// backtrace for every new subscription (`SubscriptionRecord.backtrace`).
    public static var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set {
            enabled.store(newValue, ordering: .relaxed)
            SubscriptionRegistry.backtraceCapture = newValue ? subscriptionBacktrace : nil
        }
    }

    /// Skips the registry's and the subscription call's own frames.
    @Sendable private static func subscriptionBacktrace() -> [UInt] {
        Backtrace.capture(skip: 0, maxFrames: 48)
    }

    /// Symbolicated frames (`function at File.swift:12`) of a raw backtrace,
    /// such as a subscription record's.
    public static func symbolicate(_ addresses: [UInt]) -> [String] {
        Backtrace.symbolicate(addresses).map(\.description)
    }
}
