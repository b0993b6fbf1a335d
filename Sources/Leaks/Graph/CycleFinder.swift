/// Finds the retain cycles through a graph's root: depth-first, with a depth
/// bound, each cycle once (not once per rotation), shortest first.
struct CycleFinder {
    /// The longest cycle searched for, in raw edges (library plumbing such as
    /// locks, buffers and thunks counts; it is folded away when shown).
    static let maximumDepth = 40
    /// The most search steps; keeps pathological graphs bounded.
    static let stepBudget = 100_000

    let graph: RetainGraph

    /// Cycles that start and end at the root, as paths of references, shortest first.
    func cyclesThroughRoot(limit: Int = 8) -> [[(from: UInt, reference: HeapReference)]] {
        guard graph.nodes.count > 0 else { return [] }
        var found: [[(from: UInt, reference: HeapReference)]] = []
        var seen = Set<[UInt]>()
        // The path as edges: a step (an address and a reference with its
        // strings) is made only for a cycle found, not for each step searched.
        var path: [Int] = []
        // By node index, as the graph's edges are: no address is hashed per step.
        var onPath = Array(repeating: false, count: graph.nodes.count)
        onPath[0] = true
        var steps = 0

        func search(_ index: Int) {
            guard steps < Self.stepBudget, found.count < limit * 4 else { return }
            steps += 1
            for edge in graph.edges(from: index) where graph.isInComponent(graph.edgeTarget(edge)) {
                let target = graph.edgeTarget(edge)
                path.append(edge)
                if target == 0 {
                    let cycle = path.map { graph.step($0) }
                    if seen.insert(cycle.map(\.reference.target)).inserted { found.append(cycle) }
                } else if path.count < Self.maximumDepth, !onPath[target] {
                    onPath[target] = true
                    search(target)
                    onPath[target] = false
                }
                path.removeLast()
            }
        }
        if let shortest = shortestCycle() {
            found.append(shortest)
            seen.insert(shortest.map(\.reference.target))
        }
        search(0)
        return Array(found.sorted { $0.count < $1.count }.prefix(limit))
    }

    /// One reference of the graph, from the object that holds it.
    struct Step: Hashable {
        let from: UInt
        let reference: HeapReference
    }

    /// The shortest cycle through the root, breadth first: found however
    /// many objects hang off the root (the depth-first search stops at its
    /// budget in wide graphs; this does not). `avoiding` are references taken
    /// as broken: the cycle that is left once they are fixed.
    func shortestCycle(avoiding: Set<Step> = []) -> [(from: UInt, reference: HeapReference)]? {
        graph.shortestCycle(avoiding: avoiding)
    }
}
