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
        if let shortest = shortestCycle() {
            found.append(shortest)
            seen.insert(shortest.map(\.reference.target))
        }
        // Depth-first from the root, a frame (the node's next edge to try and
        // where its edges end) for each node on the path: a loop, not a
        // recursion, so the path and the marks are plain locals. A node is
        // entered within the step and cycle budgets; once they are spent, the
        // nodes on the path still try their remaining edges (a direct edge
        // back to the root is still a cycle), as the recursive search did.
        var frames: [(next: Int, end: Int)] = []
        func canEnter() -> Bool { steps < Self.stepBudget && found.count < limit * 4 }
        if canEnter() {
            steps += 1
            let edges = graph.edges(from: 0)
            frames.append((edges.lowerBound, edges.upperBound))
        }
        while let top = frames.indices.last {
            guard frames[top].next < frames[top].end else {
                frames.removeLast()
                // Back from a node: it leaves the path with the edge that led to it.
                if let edge = path.popLast() { onPath[graph.edgeTarget(edge)] = false }
                continue
            }
            let edge = frames[top].next
            frames[top].next += 1
            let target = graph.edgeTarget(edge)
            guard graph.isInComponent(target) else { continue }
            path.append(edge)
            if target == 0 {
                let cycle = path.map { graph.step($0) }
                if seen.insert(cycle.map(\.reference.target)).inserted { found.append(cycle) }
            } else if path.count < Self.maximumDepth, !onPath[target], canEnter() {
                // The edge stays on the path while its node is searched.
                onPath[target] = true
                steps += 1
                let edges = graph.edges(from: target)
                frames.append((edges.lowerBound, edges.upperBound))
                continue
            }
            path.removeLast()
        }
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
