/// The retain graph around one leaked object: its cycles, and whether the
/// cycle is all that holds it.
struct RetainAnalysis {
    /// The shortest cycle through the object, when there is one.
    let cycle: RetainCycle?
    /// True when every object of the object's strongly connected component is
    /// held only by references from inside the read graph: nothing outside
    /// the cycle keeps it alive.
    let isHeldOnlyByCycle: Bool

    init(root: UInt, inspector: HeapInspector = HeapInspector()) {
        let graph = RetainGraph(root: root, inspector: inspector)
        let paths = CycleFinder(graph: graph).cyclesThroughRoot(limit: 1)
        guard let path = paths.first else {
            cycle = nil
            isHeldOnlyByCycle = false
            return
        }
        cycle = RetainCycle(
            edges: path.map { step in
                RetainEdge(
                    from: graph.retainNode(step.from),
                    to: graph.retainNode(step.reference.target),
                    label: step.reference.label,
                    kind: step.reference.kind,
                    site: step.reference.site)
            },
            isVerified: path.allSatisfy(\.reference.isVerified))
        isHeldOnlyByCycle = graph.componentOfRoot().allSatisfy { address in
            RefCounts.strongCount(ofObjectAt: address) <= graph.strongReferenceCount(to: address)
        }
    }
}

extension RetainGraph {
    func retainNode(_ address: UInt) -> RetainNode {
        RetainNode(address: address, name: nodes[address]?.name ?? "object at 0x\(String(address, radix: 16))")
    }
}
