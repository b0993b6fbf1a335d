/// One reason a leaked object cannot be freed: a reference to break, with the
/// cycle it closes, or a holder outside the check.
public struct LeakCause: Sendable, Codable, Equatable {
    /// The reference to change: the capture by a closure (or the field) that
    /// closes `cycle`. Nil for a holder outside the check.
    public let reference: RetainEdge?
    /// The cycle through `reference`, from the leaked object back to it.
    public let cycle: RetainCycle?
    /// For an object held from a global or static: the path from it (its
    /// first node, of kind ``RetainNode/Kind/global``, named as in the source) down to the object.
    public let path: RetainCycle?
    /// The guide's pattern for that cycle or path, when it matches one.
    public let pattern: LeakPattern?
    /// For a holder outside the check: what is known of it.
    public let outsideHolder: String?
    /// For work held from a global or static: that variable, where ``path`` starts.
    public let global: GlobalVariable?

    /// `closure given to map at Model.swift:12 ─captures→ Model`, or
    /// `held from outside the check: …`.
    public var summary: String {
        if let reference { return "\(reference.from) ─\(reference.label)→ \(reference.to)" }
        return "held from outside the check: \(outsideHolder ?? "by something the check did not read")"
    }

    /// A cause that a cycle closes; the reference to break is its last
    /// capture by a closure (the one that holds the object back), or its
    /// last reference when no closure is on it.
    init(cycle: RetainCycle, pattern: LeakPattern?) {
        (self.cycle, reference) = Self.markingSuspect(cycle)
        self.pattern = pattern
        path = nil
        outsideHolder = nil
        global = nil
    }

    /// A holder outside the check found from its root: the reference to break
    /// is the path's last capture by a closure, unless not `markingTheFix` (the fix is elsewhere: where a task
    /// that can never resume awaits).
    init(path: RetainCycle, pattern: LeakPattern?, markingTheFix: Bool = true) {
        (self.path, reference) = markingTheFix ? Self.markingSuspect(path) : (path, nil)
        self.pattern = pattern
        cycle = nil
        outsideHolder = nil
        global = nil
    }

    /// What holds work a check left (a live subscription): the path from a global or static
    /// (`fromGlobal`, that variable `global` when it is one), else the cycle it is on. Only a closure's
    /// capture on it is marked as the reference to break: without one, the fix is to dispose of the
    /// work, not to change a reference.
    init(holdingWork edges: RetainCycle, fromGlobal: Bool, global: GlobalVariable? = nil) {
        // A leak's cycle comes marked for the leaked object: the mark is chosen afresh for the work.
        let unmarked = edges.edges.map { edge in
            var edge = edge
            edge.isSuspect = false
            return edge
        }
        let (marked, reference) = Self.markingSuspect(
            RetainCycle(edges: unmarked, isVerified: edges.isVerified), capturesOnly: true)
        (path, cycle) = fromGlobal ? (marked, nil) : (nil, marked)
        self.reference = reference
        self.global = global
        pattern = nil
        outsideHolder = nil
    }

    /// `edges` with the reference a fix changes marked, and that reference: the last capture,
    /// else (unless `capturesOnly`) the last edge.
    private static func markingSuspect(_ edges: RetainCycle, capturesOnly: Bool = false) -> (RetainCycle, RetainEdge?) {
        let capture = edges.edges.lastIndex { $0.reference == .capture }
        guard let index = capturesOnly ? capture : capture ?? edges.edges.indices.last else {
            return (edges, nil)
        }
        var marked = edges.edges
        marked[index].isSuspect = true
        return (RetainCycle(edges: marked, isVerified: edges.isVerified), marked[index])
    }

    /// The reference a fix changes on a cycle's edges.
    static func reference(on edges: [RetainEdge]) -> RetainEdge? {
        edges.last { $0.reference == .capture } ?? edges.last
    }

    /// A holder outside the check, described by `holder`.
    init(outsideHolder holder: String) {
        reference = nil
        cycle = nil
        path = nil
        pattern = nil
        outsideHolder = holder
        global = nil
    }

    /// What identifies a fix: causes of several leaked objects that break the same reference are one
    /// fix (the reference's holder, what it is, and its target); a holder outside the check is one per
    /// leaked object.
    enum FixKey: Hashable {
        case reference(from: RetainNode, reference: RetainReference, to: UInt)
        case outside(UInt)
        case none
    }

    /// What identifies the fix: a holder outside the check is one per leaked object (`address`).
    func fixKey(of address: UInt) -> FixKey {
        (cycle ?? path).map { Self.fixKey(on: $0.edges) } ?? .outside(address)
    }

    /// The reference to break on `edges`: one closure held in two places
    /// (a factory kept by an observable and by its sink) is one fix.
    static func fixKey(on edges: [RetainEdge]) -> FixKey {
        reference(on: edges).map { .reference(from: $0.from, reference: $0.reference, to: $0.to.address) } ?? .none
    }
}
