import Foundation
import Synchronization

/// A misuse of RxCore that was handled instead of crashing or going unnoticed.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Codable {
        /// An event arrived after `error` or `completed` and was dropped.
        case eventAfterTermination
        /// Several threads sent events into one subject at once; they were serialized.
        case concurrentDelivery
        /// An observer sent an event into the sequence that was delivering to it.
        case reentrantDelivery
        /// An error reached a binding (`bind`, a ``Binder``, a ``ControlProperty``);
        /// RxSwift stops a debug build there, RxCore prints its message and goes on.
        case bindingError
        /// `drive` was called off the main thread, so the replayed element
        /// arrives off it too; RxSwift stops there.
        case driveOffMainThread
    }

    /// What went wrong.
    public let kind: Kind
    /// Which resource saw it, such as `"PublishSubject<Int>"`.
    public let resource: String
    /// Where the resource was subscribed or created, when known.
    public let site: CallSite?
    /// When it happened.
    public let date: Date

    public var description: String {
        "\(kind.rawValue) in \(resource)" + (site.map { " (\($0))" } ?? "")
    }
}

extension Resources {
    private static let diagnosticLog = Mutex<[Diagnostic]>([])
    /// How many diagnostics are kept; older ones are dropped first.
    static let diagnosticCapacity = 1_000

    /// The most recent misuse diagnostics, oldest first (at most 1,000 are kept).
    public static var diagnostics: [Diagnostic] { diagnosticLog.withLock { $0 } }

    /// Forgets the recorded diagnostics.
    public static func clearDiagnostics() { diagnosticLog.withLock { $0.removeAll() } }

    static func record(_ kind: Diagnostic.Kind, in resource: @autoclosure () -> String, site: CallSite? = nil) {
        let diagnostic = Diagnostic(kind: kind, resource: resource(), site: site, date: Date())
        diagnosticLog.withLock { log in
            if log.count == diagnosticCapacity { log.removeFirst() }
            log.append(diagnostic)
        }
    }
}
