/// Turns a raw path of references into the cycle a reader needs: plumbing
/// (the standard library's buffers, unnamed thunk contexts and boxes, and the
/// objects integrations call plumbing: locks, slots, disposers) folded away,
/// and each remaining reference named by what it means.
enum CyclePresentation {
    /// Nodes that only carry a reference along.
    static func isPlumbing(_ node: RetainNode) -> Bool { node.kind.isFolded }

    /// `rootKind`: the kind the first node is shown with, when not its own (a global's value).
    static func compress(_ edges: [RetainEdge], rootName: String, rootKind: RetainNode.Kind? = nil) -> [RetainEdge] {
        guard let first = edges.first else { return [] }
        let root = RetainNode(address: first.from.address, name: rootName, kind: rootKind ?? first.from.kind)
        // A closure whose context is the root object shares its address.
        let isRoot = { (node: RetainNode) in node.address == root.address && node.kind == first.from.kind }
        var result: [RetainEdge] = []
        var pending: RetainEdge?
        for edge in edges {
            let from = isRoot(edge.from) ? root : edge.from
            let to = isRoot(edge.to) ? root : edge.to
            let start = pending ?? RetainEdge(from: from, to: to, label: edge.label, kind: edge.kind, site: edge.site)
            // Keep an array's index on the property that holds the array.
            let index =
                pending != nil && edge.label.hasPrefix("element [")
                ? "[" + edge.label.dropFirst("element [".count).prefix { $0 != "]" } + "]" : ""
            let merged = RetainEdge(
                from: start.from, to: to, label: start.label + index,
                kind: start.kind == .strong ? edge.kind : start.kind, site: edge.site ?? start.site)
            if isPlumbing(to) && !isRoot(to) {
                pending = merged
            } else {
                result.append(
                    RetainEdge(
                        from: merged.from, to: merged.to, label: meaning(of: merged), kind: merged.kind,
                        site: merged.site))
                pending = nil
            }
        }
        return result
    }

    /// What the kind of its source says (`holds` from a bag, `observer` from a
    /// subject, `upstream` from a subscription, `captures` from a closure),
    /// `Type.field` from other library objects, the property name from the user's.
    private static func meaning(of edge: RetainEdge) -> String {
        if let meaning = edge.from.kind.meaningOfReferences { return meaning }
        // `bags._buffer._storage[0]` reads `bags[0]`: the property and the index.
        let index =
            edge.label.hasSuffix("]") ? edge.label[(edge.label.lastIndex(of: "[") ?? edge.label.endIndex)...] : ""
        let parts = edge.label.split(separator: ".")
        if parts.count >= 2, parts[0].first?.isUppercase == true {
            // The innermost named field through the library's own structs: a closure kept in an operator's
            // parameters reads `Do.onNext`, not `Do.parameters`. Underscored fields are a container's storage;
            // an index the field itself carries (`observers[1]`) stays.
            let named = parts.dropFirst().last { $0.first?.isLowercase == true } ?? parts[1]
            return "\(parts[0]).\(named)"
        }
        let property = parts.first.map(String.init) ?? edge.label
        return property.hasSuffix("]") ? property : property + index
    }
}
