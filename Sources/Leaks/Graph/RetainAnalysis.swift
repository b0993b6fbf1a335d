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
    /// Every object read from the root, strongly reachable from it.
    let graph: RetainGraph

    init(root: UInt, rootName: String, inspector: HeapInspector) {
        let graph = RetainGraph(root: root, inspector: inspector)
        self.graph = graph
        let vocabulary = inspector.vocabulary
        let presentation = CyclePresentation(vocabulary: vocabulary)
        let candidates = CycleFinder(graph: graph).cyclesThroughRoot(limit: 8).map { path in
            (path: path, edges: presentation.compress(
                path.flatMap { Self.edges(for: $0, in: graph, closures: inspector.closures) }, rootName: rootName))
        }
        // The shortest explanation first, but one through the subscription
        // (its site and owning bag) beats a slightly shorter one without.
        let score = { (edges: [RetainEdge]) in
            edges.count - (edges.contains { edge in vocabulary.first { $0.role(ofNodeNamed: edge.to.name) } == .subscription } ? 3 : 0)
        }
        guard let chosen = candidates.min(by: { score($0.edges) < score($1.edges) }) else {
            cycle = nil
            pattern = nil
            isHeldOnlyByCycle = false
            return
        }
        cycle = RetainCycle(edges: chosen.edges, isVerified: chosen.path.allSatisfy(\.reference.isVerified))
        pattern = PatternClassifier(graph: graph, path: chosen.path, vocabulary: vocabulary).classify()
        // Library plumbing (disposers, slots, buffers) is referenced from
        // places reflection does not always see (existential boxes), and never
        // from the user's globals: only the objects a reader would recognise
        // (the user's, subjects, bags, sinks) must be held from inside.
        let inside = graph.strongReferenceCounts()
        isHeldOnlyByCycle = graph.componentOfRoot().allSatisfy { address in
            if let node = graph.nodes[address], node.isLibrary, presentation.isPlumbing(graph.retainNode(address)) { return true }
            return (RefCounts.snapshot(ofObjectAt: address)?.strong ?? 0) <= inside[address, default: 0]
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
            let site = entry?.site.description ?? reference.site
            let name = entry.map { "closure given to \($0.operatorName) at \($0.site)" } ?? site.map { "closure given at \($0)" } ?? "closure"
            let closure = RetainNode(address: reference.target, name: name)
            return [
                RetainEdge(from: from, to: closure, label: reference.label, kind: .strong, site: site),
                RetainEdge(from: closure, to: to, label: "captures", kind: .strong, site: site),
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
