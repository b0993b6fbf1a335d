import Probes

/// The retain graph around one leaked object: its cycle, the pattern it
/// matches, and whether the cycle is all that holds it.
struct RetainAnalysis {
    /// The shortest cycle through the object, when there is one.
    let cycle: RetainCycle?
    /// The guide's pattern for that cycle, when it matches one.
    let pattern: LeakPattern?
    /// True when every object of the object's strongly connected component is
    /// held only by references read in the graph: nothing outside keeps it alive.
    let isHeldOnlyByCycle: Bool

    init(root: UInt, inspector: HeapInspector) {
        let graph = RetainGraph(root: root, inspector: inspector)
        guard let path = CycleFinder(graph: graph).cyclesThroughRoot(limit: 1).first else {
            cycle = nil
            pattern = nil
            isHeldOnlyByCycle = false
            return
        }
        cycle = RetainCycle(edges: path.flatMap { Self.edges(for: $0, in: graph, closures: inspector.closures) },
                            isVerified: path.allSatisfy(\.reference.isVerified))
        pattern = PatternClassifier(graph: graph, path: path).classify()
        isHeldOnlyByCycle = graph.componentOfRoot().allSatisfy { address in
            (RefCounts.snapshot(ofObjectAt: address)?.strong ?? 0) <= graph.strongReferenceCount(to: address)
        }
    }

    /// The edges shown for one step. A closure whose only capture is one
    /// strong reference has that object as its context, so the step from a
    /// field holding the closure goes straight to the object: it is shown as
    /// two edges through the closure, which is what the reader needs to see.
    private static func edges(for step: (from: UInt, reference: HeapReference), in graph: RetainGraph, closures: ClosureTable?) -> [RetainEdge] {
        let from = graph.retainNode(step.from)
        let to = graph.retainNode(step.reference.target)
        let reference = step.reference
        let entry = closures?.entry(for: reference.target)
        let isContext = graph.nodes[reference.target]?.closure != nil
        if reference.function != nil, !isContext {
            let closure = RetainNode(address: reference.target,
                                     name: entry.map { "closure given to \($0.operatorName) at \($0.site)" } ?? "closure")
            return [
                RetainEdge(from: from, to: closure, label: reference.label, kind: .strong, site: entry?.site.description),
                RetainEdge(from: closure, to: to, label: "captures", kind: .strong, site: entry?.site.description),
            ]
        }
        return [RetainEdge(from: from, to: to, label: reference.label, kind: reference.kind,
                           site: entry?.site.description ?? reference.site)]
    }
}

extension RetainGraph {
    func retainNode(_ address: UInt) -> RetainNode {
        RetainNode(address: address, name: nodes[address]?.name ?? "object at 0x\(String(address, radix: 16))")
    }
}
