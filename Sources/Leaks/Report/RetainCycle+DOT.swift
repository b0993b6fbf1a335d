extension RetainCycle {
    /// The cycle as a Graphviz digraph: render it with `dot -Tsvg`.
    ///
    /// Nodes are the objects and closures on the cycle; edges carry their
    /// meaning and, where known, the source line that made them. Edges that
    /// are not strong are dashed.
    public var dot: String {
        var lines = ["digraph RetainCycle {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
        var identifiers: [RetainNode: String] = [:]
        for node in nodes where identifiers[node] == nil {
            let identifier = "n\(identifiers.count)"
            identifiers[node] = identifier
            let shape = node.kind.isClosure ? ", shape=ellipse" : ""
            lines.append("  \(identifier) [label=\"\(Self.escaped(node.name))\"\(shape)];")
        }
        for edge in edges {
            guard let from = identifiers[edge.from], let to = identifiers[edge.to] else { continue }
            let label = [edge.label, edge.site].compactMap { $0 }.joined(separator: "\\n")
            let style = edge.kind == .strong ? "" : ", style=dashed"
            lines.append("  \(from) -> \(to) [label=\"\(Self.escaped(label))\"\(style)];")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\\\\n", with: "\\n")
    }
}
