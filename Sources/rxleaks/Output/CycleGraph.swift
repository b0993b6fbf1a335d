import Foundation
import Leaks

/// Graphviz DOT for the leaks of explained variants: each retain cycle, the
/// leaked objects held from outside, and the live subscriptions with the bags
/// that own them. One cluster per variant.
enum CycleGraph {
    static func dot(_ records: [VariantRecord], name: String) -> String {
        var lines = [
            "digraph \(quote(name)) {",
            "  graph [rankdir=LR, fontname=\"Helvetica\", label=\(quote(name)), labelloc=t];",
            "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=11];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for (index, record) in records.enumerated() {
            let prefix = "v\(index)_"
            lines.append("  subgraph cluster_\(index) {")
            lines.append("    label=\(quote("\(record.variant): \(record.outcome.description)"));")
            var nodes: [String: String] = [:]
            var edges: [String] = []
            var owners: [String: Int] = [:]
            for leak in record.leaks {
                let leakedID = prefix + "o\(leak.address)"
                nodes[leakedID] = "[label=\(quote(leak.typeName)), color=red, penwidth=2]"
                for edge in leak.cycle?.edges ?? [] {
                    let from = prefix + "o\(edge.from.address)", to = prefix + "o\(edge.to.address)"
                    if nodes[from] == nil { nodes[from] = "[label=\(quote(edge.from.name))]" }
                    if nodes[to] == nil { nodes[to] = "[label=\(quote(edge.to.name))]" }
                    let label = edge.label + (edge.site.map { "\n\($0)" } ?? "")
                    let shape = edge.kind == .strong ? "color=red, penwidth=2" : "style=dashed, color=gray40"
                    edges.append("\(from) -> \(to) [label=\(quote(label)), \(shape)];")
                }
            }
            for subscription in record.liveSubscriptions {
                let id = prefix + "s\(subscription.id)"
                nodes[id] = "[shape=note, label=\(quote("subscription #\(subscription.id)\n\(subscription.chain)\n\(subscription.site)"))]"
                if let owner = subscription.owner {
                    let ownerID = prefix + "bag\(owners[owner, default: owners.count])"
                    owners[owner] = owners[owner, default: owners.count]
                    nodes[ownerID] = "[shape=folder, label=\(quote(owner))]"
                    edges.append("\(ownerID) -> \(id) [label=\"owns\", color=gray40];")
                }
            }
            if nodes.isEmpty { nodes[prefix + "clean"] = "[shape=plaintext, label=\"nothing leaked\"]" }
            lines += nodes.sorted { $0.key < $1.key }.map { "    \($0.key) \($0.value);" }
            lines += Array(Set(edges)).sorted().map { "    " + $0 }
            lines.append("  }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A DOT string literal.
    static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
