/// The part of the heap reachable from a leaked object through strong
/// references, read once and kept for cycle search and verdicts.
struct RetainGraph {
    /// The most objects read from one root; past it the walk stops, and
    /// cycles through unread objects are not found.
    static let nodeBudget = 200_000

    private(set) var nodes: [UInt: HeapNode] = [:]
    let root: UInt
    /// The objects that can reach `root` again: the root's strongly connected
    /// component (computed once: the cycle search and the verdict both need it).
    private(set) var componentOfRoot: Set<UInt> = []

    /// Reads the graph breadth-first from `root` with `inspector`.
    init(root: UInt, inspector: HeapInspector, budget: Int = RetainGraph.nodeBudget) {
        self.root = root
        var queue = [root]
        var head = 0
        while head < queue.count, nodes.count < budget {
            let address = queue[head]
            head += 1
            guard nodes[address] == nil, let node = inspector.node(at: address) else { continue }
            nodes[address] = node
            for reference in node.references where reference.kind == .strong && nodes[reference.target] == nil {
                queue.append(reference.target)
            }
        }
        componentOfRoot = objectsReachingRoot()
    }

    private func objectsReachingRoot() -> Set<UInt> {
        var reverse: [UInt: [UInt]] = [:]
        for node in nodes.values {
            for reference in node.references where reference.kind == .strong && nodes[reference.target] != nil {
                reverse[reference.target, default: []].append(node.address)
            }
        }
        var reachesRoot: Set<UInt> = [root]
        var stack = [root]
        while let address = stack.popLast() {
            for source in reverse[address] ?? [] where reachesRoot.insert(source).inserted {
                stack.append(source)
            }
        }
        return reachesRoot
    }

    /// Strong references to each object from objects read in this graph.
    func strongReferenceCounts() -> [UInt: Int] {
        var counts: [UInt: Int] = [:]
        for node in nodes.values {
            for reference in node.references where reference.kind == .strong { counts[reference.target, default: 0] += 1 }
        }
        return counts
    }
}
