import Foundation
import Leaks

/// Graphviz DOT for the leaks of explained variants: each retain cycle (every
/// cause of a leaked object), the leaked objects held from outside, and the
/// live subscriptions with the bags that own them. One cluster per variant.
enum CycleGraph {
    static func dot(_ records: [VariantRecord], name: String) -> String {
        var lines = [
            "digraph \(quote(name)) {",
            "  graph [rankdir=LR, fontname=\"Helvetica\", label=\(quote(name)), labelloc=t];",
            "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=11];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for (index, record) in records.enumerated() {
            var cluster = Cluster(prefix: "v\(index)_")
            cluster.add(record)
            lines.append("  subgraph cluster_\(index) {")
            lines.append("    label=\(quote("\(record.variant): \(record.outcome.description)"));")
            lines += cluster.lines.map { "    " + $0 }
            lines.append("  }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One variant's nodes and edges. A node is an object at an address with
    /// a name: a closure's context and the object it captures can share an
    /// address, and are still two nodes.
    private struct Cluster {
        let prefix: String
        private var ids: [String: String] = [:]
        private var nodes: [(id: String, attributes: String)] = []
        private var edges: [String] = []

        init(prefix: String) { self.prefix = prefix }

        var lines: [String] {
            let body = nodes.map { "\($0.id) \($0.attributes);" } + edges
            return body.isEmpty ? ["\(prefix)clean [shape=plaintext, label=\"nothing leaked\"];"] : body
        }

        mutating func add(_ record: VariantRecord) {
            for leak in record.leaks {
                let leaked = node("\(leak.address)|\(leak.typeName)", label: leak.typeName)
                style(leaked, "color=red, penwidth=2")
                // Every cause's cycle: each is a fix of its own.
                let cycles = leak.causes.compactMap(\.cycle)
                for edge in (cycles.isEmpty ? leak.cycle.map { [$0] } ?? [] : cycles).flatMap(\.edges) {
                    let from = node("\(edge.from.address)|\(edge.from.name)", label: edge.from.name)
                    let to = node("\(edge.to.address)|\(edge.to.name)", label: edge.to.name)
                    let label = edge.label + (edge.site.map { "\n\($0)" } ?? "")
                    let look = edge.kind == .strong ? "color=red, penwidth=2" : "style=dashed, color=gray40"
                    addEdge("\(from) -> \(to) [label=\(quote(label)), \(look)];")
                }
            }
            for subscription in record.liveSubscriptions {
                // A subscription on a cycle is already there, held by its bag.
                if let onCycle = ids.first(where: { $0.key.contains("|subscription #\(subscription.id) (") }) {
                    style(onCycle.value, "shape=note")
                    continue
                }
                let id = node(
                    "subscription|\(subscription.id)",
                    label: "subscription #\(subscription.id)\n\(subscription.chain)\n\(subscription.site)")
                style(id, "shape=note")
                if let owner = subscription.owner {
                    let bag = node("bag|\(owner)", label: owner)
                    style(bag, "shape=folder")
                    addEdge("\(bag) -> \(id) [label=\"owns\", color=gray40];")
                }
            }
        }

        private mutating func node(_ key: String, label: String) -> String {
            if let id = ids[key] { return id }
            let id = "\(prefix)n\(ids.count)"
            ids[key] = id
            nodes.append((id, "[label=\(quote(label))]"))
            return id
        }

        private mutating func style(_ id: String, _ attributes: String) {
            guard let index = nodes.firstIndex(where: { $0.id == id }), !nodes[index].attributes.contains(attributes)
            else { return }
            nodes[index].attributes = String(nodes[index].attributes.dropLast()) + ", \(attributes)]"
        }

        private mutating func addEdge(_ edge: String) {
            if !edges.contains(edge) { edges.append(edge) }
        }
    }

    /// A DOT string literal.
    static func quote(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
