import Foundation
import Synchronization

/// Whether leak checks capture backtraces where objects are tracked and
/// subscriptions are made.
///
/// Off by default; on when the environment has `RXLEAKS_BACKTRACES=1`, or
/// when set in code. Capture is raw and cheap; symbolication happens only for
/// what a report shows.
public enum Backtraces {
    private static let enabled = Atomic<Bool>(ProcessInfo.processInfo.environment["RXLEAKS_BACKTRACES"] == "1")

    /// Whether capture is on.
    public static var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }
}
