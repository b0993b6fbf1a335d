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
        let component = graph.componentOfRoot
        var found: [[(from: UInt, reference: HeapReference)]] = []
        var seen = Set<[UInt]>()
        var path: [(from: UInt, reference: HeapReference)] = []
        var onPath: Set<UInt> = [graph.root]
        var steps = 0

        func search(_ address: UInt) {
            guard steps < Self.stepBudget, found.count < limit * 4 else { return }
            steps += 1
            guard let node = graph.nodes[address] else { return }
            for reference in node.references where reference.kind == .strong && component.contains(reference.target) {
                path.append((address, reference))
                if reference.target == graph.root {
                    let key = path.map(\.reference.target)
                    if seen.insert(key).inserted { found.append(path) }
                } else if path.count < Self.maximumDepth, onPath.insert(reference.target).inserted {
                    search(reference.target)
                    onPath.remove(reference.target)
                }
                path.removeLast()
            }
        }
        if let shortest = shortestCycle() {
            found.append(shortest)
            seen.insert(shortest.map(\.reference.target))
        }
        search(graph.root)
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
