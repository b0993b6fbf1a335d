/// An object that outlived its leak check.
public struct Leak: Sendable, Codable, CustomStringConvertible {
    /// The leaked object's type, such as `"Presenter"`.
    public let typeName: String
    /// Why it is still alive.
    public let kind: LeakKind
    /// The retain cycle that keeps it alive, when one was found: the first
    /// of ``causes``.
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
    public internal(set) var heldBy: UInt? = nil
    /// Every distinct reason the object cannot be freed, each a fix of its
    /// own: the references to break (one per cycle left once the ones before
    /// are broken), shortest first, then a holder outside the check. Empty
    /// for an object listed under the leaked object that holds it.
    public internal(set) var causes: [LeakCause] = []
    /// Causes found beyond those in ``causes``, which lists at most five.
    public internal(set) var unlistedCauses = 0

    public var description: String {
        guard causes.count > 1 || unlistedCauses > 0 else {
            var lines = [headline] + Self.indented((cycle ?? causes.first?.path)?.description, by: "  ")
            if let paths = causes.first?.paths, paths > 1 { lines.append("  \(Self.madeAgain(paths))") }
            if let pattern { lines.append("  pattern: \(pattern)") }
            lines += causes.filter { $0.outsideHolder != nil }.map { "  \($0.summary)" }
            return lines.joined(separator: "\n")
        }
        let total = causes.count + unlistedCauses
        var lines = ["\(headline); \(total) causes, each a fix of its own:"]
        for (index, cause) in causes.enumerated() {
            lines.append(
                "  cause \(index + 1) of \(total): \(cause.summary)"
                    + (cause.paths > 1 ? " (\(Self.madeAgain(cause.paths)))" : ""))
            lines += Self.indented((cause.cycle ?? cause.path)?.description, by: "    ")
            if let pattern = cause.pattern { lines.append("    pattern: \(pattern)") }
        }
        if unlistedCauses > 0 {
            lines.append(
                "  \(unlistedCauses) more cause(s) not listed\(unlistedCauses + causes.count >= RetainAnalysis.searchedCauses ? " (the search stopped there)" : "")"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// `on 4 paths: the same closure made 4 times, one fix`.
    private static func madeAgain(_ paths: Int) -> String {
        "on \(paths) paths: the same reference made \(paths) times, one fix"
    }

    private static func indented(_ text: String?, by prefix: String) -> [String] {
        text.map { $0.split(separator: "\n").map { prefix + $0 } } ?? []
    }
}

extension Leak {
    /// Decodes a leak; reports written before causes and grouping existed
    /// (without `heldBy`, `causes`, `unlistedCauses`) decode too.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        typeName = try container.decode(String.self, forKey: .typeName)
        kind = try container.decode(LeakKind.self, forKey: .kind)
        cycle = try container.decodeIfPresent(RetainCycle.self, forKey: .cycle)
        pattern = try container.decodeIfPresent(LeakPattern.self, forKey: .pattern)
        trackedAt = try container.decode(TrackingSite.self, forKey: .trackedAt)
        address = try container.decode(UInt.self, forKey: .address)
        heldBy = try container.decodeIfPresent(UInt.self, forKey: .heldBy)
        causes = try container.decodeIfPresent([LeakCause].self, forKey: .causes) ?? []
        unlistedCauses = try container.decodeIfPresent(Int.self, forKey: .unlistedCauses) ?? 0
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
        /// It was made while the check was open, and its class is one of the
        /// code under test's (tracked by the allocation hook a test process
        /// links through LeakTesting).
        case allocated
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

    /// `at Presenter.swift:12`, `as captured by the closure given to flatMap at Presenter.swift:42`
    /// or `made at Presenter.swift:12`.
    public var description: String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let place = line == 0 ? name : "\(name):\(line)"
        switch origin {
        case .explicit: return "at \(place)"
        case .closureCapture: return "as captured by the closure given to \(operatorName ?? "an operator") at \(place)"
        case .allocated: return "made at \(place)"
        }
    }
}
