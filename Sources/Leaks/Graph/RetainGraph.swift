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
    /// memory: about 0.25 KB per object read, besides the objects
    /// (docs/performance.md).
    static let nodeBudget = 2_500_000
    /// Objects whose first words are read together.
    static let readAhead = 512

    private(set) var nodes = HeapNodes()
    let root: UInt

    /// Node `i`'s strong references to read objects are the edges
    /// `edgeStart[i]..<edgeStart[i + 1]`.
    private var edgeStart: [Int] = [0]
    /// Each edge's target, as a node index. Node indices, queue positions and
    /// edge numbers are kept in 32 bits (a table of 2^31 addresses would take
    /// tens of gigabytes): the arrays of a walk over millions of objects are
    /// the pages a check writes, and each is half the size.
    private var edgeTarget: [Int32] = []
    /// Each edge's reference, as an index into ``HeapNodes/references``.
    private var edgeReference: [Int] = []
    /// Each edge's source, as a node index.
    private var edgeSource: [Int32] = []
    /// Whether each node can reach the root again: the root's strongly
    /// connected component (computed once: the cycle search and the verdict both need it).
    private var inComponent: [Bool] = []
    /// Strong references to each node from read objects.
    private var inDegree: [Int32] = []

    /// Reads the graph breadth-first from `root` with `inspector`.
    ///
    /// Each address is queued once, when first met, and its queue position
    /// found by one table probe: a reference's target is known by position
    /// from then on, so the edges need no second lookup once the walk ends.
    init(root: UInt, inspector: HeapInspector, budget: Int = RetainGraph.nodeBudget) {
        self.init(roots: [root], inspector: inspector, budget: budget)
    }

    /// Reads the graph breadth-first from every one of `roots` at once (the first is ``root``): a search
    /// from several sources meets each object by its shortest path from any of them.
    init(roots: [UInt], inspector: HeapInspector, budget: Int = RetainGraph.nodeBudget) {
        root = roots.first ?? 0
        var queue: [UInt] = []
        for root in roots {
            if nodes.discover(root) == queue.count { queue.append(root) }
        }
        var head = 0
        // The buffers of each batch's read, reused.
        let wordCount = ReflectionProbe.leadingWordCount
        var leading: [UInt] = [], readable: [UInt8] = []
        // The strong references of the object just read, by index, with their targets.
        var strong: [(reference: Int, target: UInt)] = []
        while head < queue.count, nodes.count < budget {
            // The next objects' first words in one read: most objects need no other.
            let batch = Array(queue[head..<min(queue.count, head + Self.readAhead)])
            head += batch.count
            // Room for what is queued, once: an array's elements queue a million objects at a time.
            nodes.reserveCapacity(min(budget, queue.count))
            reserveEdges(2 * min(budget, queue.count))
            Memory.readWords(at: batch, count: wordCount, into: &leading, readable: &readable)
            for (offset, address) in batch.enumerated() {
                let words = readable[offset] != 0 ? leading[(offset * wordCount)..<((offset + 1) * wordCount)] : nil
                guard nodes.count < budget, inspector.read(at: address, leadingWords: words, into: &nodes) else {
                    nodes.skipNext()
                    continue
                }
                let source = nodes.count - 1
                let range = nodes.referenceRange(ofNode: source)
                nodes.reserveAddresses(range.count)
                // The strong ones first, read in place: a reference read through the
                // array's subscript is copied, strings and all.
                strong.removeAll(keepingCapacity: true)
                nodes.references.withUnsafeBufferPointer { references in
                    for index in range where references[index].kind == .strong && references[index].target != 0 {
                        strong.append((index, references[index].target))
                    }
                }
                for (reference, target) in strong {
                    let position = nodes.discover(target)
                    if position == queue.count { queue.append(target) }
                    // Kept by queue position until the walk ends; `indexEdges` makes it a node index.
                    edgeSource.append(Int32(source))
                    edgeReference.append(reference)
                    edgeTarget.append(Int32(position))
                }
            }
        }
        indexEdges()
        markComponent()
    }

    /// Makes room for `count` edges when that is more than twice what there
    /// is room for: memory reserved and never written costs no page, and
    /// growing arrays of millions copies them each time.
    private mutating func reserveEdges(_ count: Int) {
        guard count > edgeTarget.capacity * 2 else { return }
        edgeSource.reserveCapacity(count)
        edgeReference.reserveCapacity(count)
        edgeTarget.reserveCapacity(count)
    }

    /// Packs the references between read objects, grouped by source as the
    /// walk found them, in place: a target becomes a node index, and an edge
    /// to an object never read is dropped.
    private mutating func indexEdges() {
        inDegree = Array(repeating: 0, count: nodes.count)
        edgeStart = Array(repeating: 0, count: nodes.count + 1)
        var kept = 0
        for edge in edgeTarget.indices {
            guard let target = nodes.index(atPosition: Int(edgeTarget[edge])) else { continue }
            let source = edgeSource[edge]
            edgeTarget[kept] = Int32(target)
            edgeReference[kept] = edgeReference[edge]
            edgeSource[kept] = source
            kept += 1
            inDegree[target] += 1
            edgeStart[Int(source) + 1] = kept
        }
        edgeTarget.removeLast(edgeTarget.count - kept)
        edgeReference.removeLast(edgeReference.count - kept)
        edgeSource.removeLast(edgeSource.count - kept)
        // Nodes without edges start where the previous one ended.
        for index in 0..<nodes.count where edgeStart[index + 1] < edgeStart[index] {
            edgeStart[index + 1] = edgeStart[index]
        }
    }

    /// Marks the nodes from which the root can be reached, walking edges backwards.
    private mutating func markComponent() {
        inComponent = Array(repeating: false, count: nodes.count)
        guard nodes.count > 0 else { return }
        // Reverse adjacency, packed the same way as the forward one.
        var reverseStart = [Int32](repeating: 0, count: nodes.count + 1)
        for target in edgeTarget { reverseStart[Int(target) + 1] += 1 }
        for index in 0..<nodes.count { reverseStart[index + 1] += reverseStart[index] }
        var filled = reverseStart
        var reverseSource = [Int32](repeating: 0, count: edgeTarget.count)
        for source in 0..<nodes.count {
            for edge in edgeStart[source]..<edgeStart[source + 1] {
                let target = Int(edgeTarget[edge])
                reverseSource[Int(filled[target])] = Int32(source)
                filled[target] += 1
            }
        }
        inComponent[0] = true
        var stack: [Int32] = [0]
        while let index = stack.popLast().map(Int.init) {
            for source in reverseSource[Int(reverseStart[index])..<Int(reverseStart[index + 1])]
            where !inComponent[Int(source)] {
                inComponent[Int(source)] = true
                stack.append(source)
            }
        }
    }

    /// Strong references to the object at `address` from objects read in this graph.
    func strongReferenceCount(to address: UInt) -> Int {
        nodes.index(of: address).map { Int(inDegree[$0]) } ?? 0
    }

    /// Strong references to node `index` from objects read in this graph.
    func strongReferenceCount(toNode index: Int) -> Int { Int(inDegree[index]) }

    /// Whether node `index` can reach the root again.
    func isInComponent(_ index: Int) -> Bool { inComponent[index] }

    /// The edges from node `index`, each usable with ``edgeTarget(_:)`` and ``step(_:)``.
    func edges(from index: Int) -> Range<Int> { edgeStart[index]..<edgeStart[index + 1] }

    /// The node index an edge leads to.
    func edgeTarget(_ edge: Int) -> Int { Int(edgeTarget[edge]) }

    /// An edge as the reference it is, from the object that holds it.
    func step(_ edge: Int) -> (from: UInt, reference: HeapReference) { step(edge, from: Int(edgeSource[edge])) }

    /// The shortest cycle through the root, breadth first, within its
    /// component; `avoiding` are references taken as broken.
    func shortestCycle(avoiding: Set<CycleFinder.Step>) -> [(from: UInt, reference: HeapReference)]? {
        guard nodes.count > 0 else { return nil }
        // Most references are not avoided: compare the source, by index, before the whole step.
        var isAvoidedSource = avoiding.isEmpty ? [] : Array(repeating: false, count: nodes.count)
        for step in avoiding { if let index = nodes.index(of: step.from) { isAvoidedSource[index] = true } }
        // The edge each node was reached by, -1 before it is.
        var cameFrom = [Int32](repeating: -1, count: nodes.count)
        var queue: [Int32] = [0]
        var head = 0
        while head < queue.count {
            let source = Int(queue[head])
            head += 1
            let checksAvoided = !avoiding.isEmpty && isAvoidedSource[source]
            for edge in edgeStart[source]..<edgeStart[source + 1] {
                let target = Int(edgeTarget[edge])
                guard inComponent[target] else { continue }
                if checksAvoided,
                    avoiding.contains(
                        CycleFinder.Step(from: nodes.addresses[source], reference: step(edge, from: source).reference))
                {
                    continue
                }
                if target == 0 {
                    var path = [step(edge, from: source)]
                    var current = source
                    while current != 0 {
                        let previous = Int(cameFrom[current])
                        let from = Int(edgeSource[previous])
                        path.append(step(previous, from: from))
                        current = from
                    }
                    return path.reversed()
                }
                if cameFrom[target] < 0, target != 0 {
                    cameFrom[target] = Int32(edge)
                    queue.append(Int32(target))
                }
            }
        }
        return nil
    }

    private func step(_ edge: Int, from source: Int) -> (from: UInt, reference: HeapReference) {
        (nodes.addresses[source], nodes.references[edgeReference[edge]])
    }
}
