import Probes

/// The part of the heap reachable from a leaked object through strong
/// references, read once and kept for cycle search and verdicts.
///
/// Besides the nodes by address, the graph keeps its strong references
/// between read objects as arrays indexed by read order (adjacency lists
/// packed in one array, forward and reverse): the searches over a graph of
/// a hundred thousand objects then cost array reads, not dictionary lookups.
struct RetainGraph {
    /// The most objects read from one root; past it the walk stops, and
    /// cycles through unread objects are not found. It bounds a check's
    /// memory: a walk of 1,000,000 objects peaked at 0.9 GB resident, the
    /// objects themselves included (docs/performance.md).
    static let nodeBudget = 1_500_000
    /// Objects whose first words are read together.
    static let readAhead = 512

    private(set) var nodes = HeapNodes()
    let root: UInt
    /// The objects that can reach `root` again: the root's strongly connected
    /// component (computed once: the cycle search and the verdict both need it).
    private(set) var componentOfRoot: Set<UInt> = []

    /// Node `i`'s strong references to read objects are the edges
    /// `edgeStart[i]..<edgeStart[i + 1]`.
    private var edgeStart: [Int] = [0]
    /// Each edge's target, as a node index.
    private var edgeTarget: [Int] = []
    /// Each edge's position in its source's ``HeapNode/references``.
    private var edgeReference: [Int] = []
    /// Each edge's source, as a node index.
    private var edgeSource: [Int] = []
    /// Whether each node is in ``componentOfRoot``.
    private var inComponent: [Bool] = []
    /// Strong references to each node from read objects.
    private var inDegree: [Int] = []

    /// Reads the graph breadth-first from `root` with `inspector`.
    init(root: UInt, inspector: HeapInspector, budget: Int = RetainGraph.nodeBudget) {
        self.root = root
        var queue = [root]
        var head = 0
        while head < queue.count, nodes.count < budget {
            // The next objects' first words in one read: most objects need no other.
            let batch = Array(queue[head..<min(queue.count, head + Self.readAhead)])
            head += batch.count
            let leading = Memory.readWords(at: batch, count: ReflectionProbe.leadingWordCount)
            for (address, words) in zip(batch, leading) where nodes.count < budget && !nodes.contains(address) {
                guard let node = inspector.node(at: address, leadingWords: words) else { continue }
                nodes.append(node)
                for reference in node.references where reference.kind == .strong && !nodes.contains(reference.target) {
                    queue.append(reference.target)
                }
            }
        }
        indexEdges()
        markComponent()
        componentOfRoot = Set(zip(nodes.values, inComponent).lazy.filter(\.1).map(\.0.address))
    }

    private mutating func indexEdges() {
        inDegree = Array(repeating: 0, count: nodes.count)
        for (source, node) in nodes.values.enumerated() {
            for (position, reference) in node.references.enumerated() where reference.kind == .strong {
                guard let target = nodes.index(of: reference.target) else { continue }
                edgeTarget.append(target)
                edgeReference.append(position)
                edgeSource.append(source)
                inDegree[target] += 1
            }
            edgeStart.append(edgeTarget.count)
        }
    }

    /// Marks the nodes from which the root can be reached, walking edges backwards.
    private mutating func markComponent() {
        inComponent = Array(repeating: false, count: nodes.count)
        guard nodes.count > 0 else { return }
        // Reverse adjacency, packed the same way as the forward one.
        var reverseStart = Array(repeating: 0, count: nodes.count + 1)
        for target in edgeTarget { reverseStart[target + 1] += 1 }
        for index in nodes.values.indices { reverseStart[index + 1] += reverseStart[index] }
        var filled = reverseStart
        var reverseSource = Array(repeating: 0, count: edgeTarget.count)
        for source in nodes.values.indices {
            for edge in edgeStart[source]..<edgeStart[source + 1] {
                let target = edgeTarget[edge]
                reverseSource[filled[target]] = source
                filled[target] += 1
            }
        }
        inComponent[0] = true
        var stack = [0]
        while let index = stack.popLast() {
            for source in reverseSource[reverseStart[index]..<reverseStart[index + 1]] where !inComponent[source] {
                inComponent[source] = true
                stack.append(source)
            }
        }
    }

    /// Strong references to the object at `address` from objects read in this graph.
    func strongReferenceCount(to address: UInt) -> Int {
        nodes.index(of: address).map { inDegree[$0] } ?? 0
    }

    /// The shortest cycle through the root, breadth first, within its
    /// component; `avoiding` are references taken as broken.
    func shortestCycle(avoiding: Set<CycleFinder.Step>) -> [(from: UInt, reference: HeapReference)]? {
        guard nodes.count > 0 else { return nil }
        // Most references are not avoided: compare the source before the whole step.
        let avoidedSources = Set(avoiding.map(\.from))
        var cameFrom = Array(repeating: -1, count: nodes.count)
        var queue = [0]
        var head = 0
        while head < queue.count {
            let source = queue[head]
            head += 1
            let checksAvoided = avoidedSources.contains(nodes.values[source].address)
            for edge in edgeStart[source]..<edgeStart[source + 1] {
                let target = edgeTarget[edge]
                guard inComponent[target] else { continue }
                if checksAvoided, avoiding.contains(CycleFinder.Step(from: nodes.values[source].address, reference: step(edge, from: source).reference)) {
                    continue
                }
                if target == 0 {
                    var path = [step(edge, from: source)]
                    var current = source
                    while current != 0 {
                        let previous = cameFrom[current]
                        let from = edgeSource[previous]
                        path.append(step(previous, from: from))
                        current = from
                    }
                    return path.reversed()
                }
                if cameFrom[target] < 0, target != 0 {
                    cameFrom[target] = edge
                    queue.append(target)
                }
            }
        }
        return nil
    }

    private func step(_ edge: Int, from source: Int) -> (from: UInt, reference: HeapReference) {
        let node = nodes.values[source]
        return (node.address, node.references[edgeReference[edge]])
    }
}

/// The objects of a ``RetainGraph`` in read order, found by address: one
/// table from address to position, where a dictionary from address to node
/// would copy every node each time it grows, and a second one would double
/// the lookups of a walk over a hundred thousand objects.
struct HeapNodes {
    /// In read order: a node's position here is its index in the graph.
    private(set) var values: [HeapNode] = []
    private var positions = AddressTable()

    var count: Int { values.count }

    subscript(address: UInt) -> HeapNode? {
        positions[address].map { values[$0] }
    }

    func contains(_ address: UInt) -> Bool { positions[address] != nil }

    func index(of address: UInt) -> Int? { positions[address] }

    mutating func append(_ node: HeapNode) {
        positions.insert(values.count, for: node.address)
        values.append(node)
    }
}
