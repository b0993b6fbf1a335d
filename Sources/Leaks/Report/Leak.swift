/// An object that outlived its leak check.
public struct Leak: Sendable, Codable, CustomStringConvertible {
    /// The leaked object's type, such as `"Presenter"`.
    public let typeName: String
    /// Why it is still alive.
    public let kind: LeakKind
    /// The retain cycle that keeps it alive, when one was found.
    public let cycle: RetainCycle?
    /// The guide's name for the cycle's shape, when it matches one.
    public let pattern: LeakPattern?
    /// Where and how the object came to be tracked.
    public let trackedAt: TrackingSite
    /// The object's address, for correlating with other tools.
    public let address: UInt
    /// The address of the leaked object of the same report that holds this
    /// one: the object to fix first. Nil for an object that needs a fix of
    /// its own.
    public var heldBy: UInt? = nil

    public var description: String {
        var text = headline
        if let cycle { text += "\n" + cycle.description.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") }
        if let pattern { text += "\n  pattern: \(pattern)" }
        return text
    }
}

/// Why a leaked object is alive.
public enum LeakKind: String, Sendable, Codable, CaseIterable {
    /// Alive after settling and held only through a retain cycle.
    case cycle
    /// Alive and held by something that outlives the check (a singleton, a
    /// global table, a long-lived bag): reachable but abandoned.
    case retainedFromOutside

    /// A short phrase for reports.
    public var explanation: String {
        switch self {
        case .cycle: "held only by a retain cycle"
        case .retainedFromOutside: "retained from outside the check"
        }
    }
}

/// Where an object came to be tracked, and how.
public struct TrackingSite: Sendable, Codable, CustomStringConvertible {
    /// How the engine found the object.
    public enum Origin: String, Sendable, Codable {
        /// `scope.track(_:)` was called.
        case explicit
        /// A closure handed to a library (an RxCore operator) captured it strongly.
        case closureCapture
    }

    /// How the object was found.
    public let origin: Origin
    /// The file of the `track` call, or of the operator call that took the capturing closure.
    public let file: String
    /// The line of that call.
    public let line: UInt
    /// For closure captures, the operator that took the closure (such as `"flatMap"`).
    public let operatorName: String?
    /// Symbolicated frames of the backtrace, when backtraces were on.
    public let backtrace: [String]?

    /// `at Presenter.swift:12` or `as captured by the closure given to flatMap at Presenter.swift:42`.
    public var description: String {
        let place = "\(file.split(separator: "/").last.map(String.init) ?? file):\(line)"
        switch origin {
        case .explicit: return "at \(place)"
        case .closureCapture: return "as captured by the closure given to \(operatorName ?? "an operator") at \(place)"
        }
    }
}
