/// A retain cycle: a closed path of strong references, edge by edge.
public struct RetainCycle: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The edges, starting and ending at the leaked object.
    public let edges: [RetainEdge]
    /// False when the cycle was found by a raw word scan rather than from
    /// reflection metadata: then an edge may be unowned rather than strong.
    public let isVerified: Bool

    /// What ends the line of the suspect edge (``RetainEdge/isSuspect``) in ``description``:
    /// plain ASCII, so that it survives any terminal or log.
    static let suspectMarker = "   <- the reference to break"

    /// The objects on the cycle, in order, starting with the leaked one.
    public var nodes: [RetainNode] { edges.map(\.from) }

    /// `Presenter ─disposeBag→ DisposeBag ─holds→ … ─captures (strong)→ Presenter`,
    /// one hop per line after the first; the suspect edge ends with `<- the reference to break`.
    public var description: String {
        guard let first = edges.first else { return "(empty cycle)" }
        var lines = [first.from.description]
        for edge in edges {
            let kind = edge.kind != .strong || edge.reference == .capture ? " (\(edge.kind.rawValue))" : ""
            lines.append("  ─\(edge.label)\(kind)→ \(edge.to)" + (edge.isSuspect ? Self.suspectMarker : ""))
        }
        if !isVerified { lines.append("  (unverified: found by a word scan, without reflection metadata)") }
        return lines.joined(separator: "\n")
    }
}

/// One reference from one object to another.
public struct RetainEdge: Sendable, Codable, Equatable {
    /// The object holding the reference.
    public let from: RetainNode
    /// The object referred to.
    public let to: RetainNode
    /// What the reference is: a stored field, a capture, a library object's ownership, a root's...
    public let reference: RetainReference
    /// What a report shows for it: a property name, `holds`, `captures`, `observer`...
    public var label: String { reference.label }
    /// Strong, weak, unowned or unowned(unsafe).
    public let kind: ReferenceKind
    /// The source line that made this reference, when known (the Rx call that
    /// took a closure, the subscription's site).
    public let site: String?
    /// Whether this is the reference a fix breaks (its cause's ``LeakCause/reference``):
    /// the last capture by a closure, else the last reference. In JSON only when true.
    public internal(set) var isSuspect = false

    private enum CodingKeys: String, CodingKey { case from, to, label, reference, kind, site, isSuspect }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(label, forKey: .label)
        try container.encode(reference, forKey: .reference)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(site, forKey: .site)
        if isSuspect { try container.encode(true, forKey: .isSuspect) }
    }

    /// Reads an edge from a report's JSON; one written before references were typed (with a
    /// `label` alone) keeps its text as a ``RetainReference/described(_:)`` reference.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        from = try container.decode(RetainNode.self, forKey: .from)
        to = try container.decode(RetainNode.self, forKey: .to)
        reference =
            try container.decodeIfPresent(RetainReference.self, forKey: .reference)
            ?? .described(container.decode(String.self, forKey: .label))
        kind = try container.decode(ReferenceKind.self, forKey: .kind)
        site = try container.decodeIfPresent(String.self, forKey: .site)
        isSuspect = try container.decodeIfPresent(Bool.self, forKey: .isSuspect) ?? false
    }

    init(from: RetainNode, to: RetainNode, reference: RetainReference, kind: ReferenceKind, site: String?) {
        self.from = from
        self.to = to
        self.reference = reference
        self.kind = kind
        self.site = site
    }
}

/// How strongly one object refers to another.
public enum ReferenceKind: String, Sendable, Codable, CaseIterable {
    /// Keeps the target alive.
    case strong
    /// Becomes nil when the target dies.
    case weak
    /// Traps when read after the target died.
    case unowned
    /// `unowned(unsafe)`: not counted at all.
    case unownedUnsafe = "unowned(unsafe)"
}
