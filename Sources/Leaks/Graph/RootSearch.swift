import Probes

/// One prioritised shortest-path search from every root at once, as LeakCanary's
/// Shark searches from GC roots: for each object looked for, the path from its
/// best root down to it.
///
/// The roots come from ``RootProvider``s, one per holder kind. Kinds are read
/// in order of ``RootKind/priority``; the roots of one kind are read together,
/// breadth first (one ``RetainGraph`` with every root of the kind as a source),
/// so an object gets the shortest path from the first kind that reaches it. A
/// provider is asked for its roots only while objects are left unexplained,
/// and the graphs of every kind together read at most ``nodeBudget`` objects.
struct RootSearch {
    /// The most objects read from every root together.
    static let nodeBudget = 200_000

    /// What holds one object looked for, as the search found it.
    private enum Reach {
        /// Read from the root's object: the graph read for its kind, with the edge each node was first reached by.
        case graph(RetainGraph, reachedBy: [Int32], roots: [UInt: HeapRoot])
        /// Found by the root's provider, with the path down to the object when one is known.
        case provided(HeapRoot, RetainCycle?)
    }

    /// The objects looked for.
    private let targets: Set<UInt>
    /// For each object looked for and reached: what reaches it.
    private var found: [UInt: Reach] = [:]
    /// Whether the budget ran out with objects met and not read: an object not found may be held from there.
    private(set) var isCutShort = false

    /// Searches the roots of `providers` for `targets`; those in `onCycle` are on a retain cycle of their own,
    /// and only roots whose kind's ``RootKind/cycleRule`` says so are searched for them.
    init(
        targets: [UInt: RetainNode], onCycle: Set<UInt> = [], providers: [any RootProvider], inspector: HeapInspector,
        budget: Int = RootSearch.nodeBudget
    ) {
        self.targets = Set(targets.keys)
        var budget = budget
        for kind in Set(providers.map(\.kind)).sorted(by: { $0.priority < $1.priority }) {
            let open = targets.filter { target, _ in
                found[target] == nil && (kind.cycleRule != .notSearched || !onCycle.contains(target))
            }
            guard !open.isEmpty else { continue }
            let roots = providers.filter { $0.kind == kind }.flatMap { $0.roots(holding: open, inspector: inspector) }
            for root in roots {
                switch root.holding {
                case .object: continue
                case .captures(let paths):
                    for (target, path) in paths where open[target] != nil && found[target] == nil {
                        found[target] = .provided(root, path)
                    }
                case .refersTo(let objects):
                    for target in objects where open[target] != nil && found[target] == nil {
                        found[target] = .provided(root, nil)
                    }
                }
            }
            let read = roots.filter { if case .object = $0.holding { true } else { false } }
            guard !read.isEmpty, open.keys.contains(where: { found[$0] == nil }) else { continue }
            // The kinds after it whose providers find what their roots hold are still asked.
            guard budget > 0 else {
                isCutShort = true
                continue
            }
            let graph = RetainGraph(roots: read.map(\.address), inspector: inspector, budget: budget)
            budget -= graph.nodes.count
            if budget <= 0 { isCutShort = true }
            // The first root of an object is the one shown; the others reach nothing it does not.
            var byAddress: [UInt: HeapRoot] = [:]
            for root in read where byAddress[root.address] == nil { byAddress[root.address] = root }
            let sources = read.compactMap { graph.nodes.index(of: $0.address) }
            let reach = Reach.graph(graph, reachedBy: graph.firstEdges(from: sources), roots: byAddress)
            for target in open.keys where found[target] == nil && graph.nodes.contains(target) {
                found[target] = reach
            }
        }
    }

    /// Whether `address` was looked for.
    func isTarget(_ address: UInt) -> Bool { targets.contains(address) }

    /// Whether a root reaches `address`, through a capture or plain stored data.
    func reaches(_ address: UInt) -> Bool { found[address] != nil }

    /// What holds `target` from a root, when one reaches it: the root, the path from it down to
    /// `target` as shown (only when a closure's capture is on it, unless `showingPlainData`), and
    /// whether a closure's capture on the path holds it: an escaping closure kept where a root
    /// reaches it leaks what it captures, while plain stored data (a cache, a singleton) is kept by design.
    func explanation(of target: UInt, closures: ClosureTable?, showingPlainData: Bool = false) -> Explanation? {
        switch found[target] {
        case nil: return nil
        case .provided(let root, let path):
            return Explanation(root: root, path: path, isThroughCapture: path != nil)
        case .graph(let graph, let reachedBy, let roots):
            guard let index = graph.nodes.index(of: target) else { return nil }
            let steps = graph.path(to: index, reachedBy: reachedBy)
            guard let root = roots[steps.first?.from ?? target] else { return nil }
            let isThroughCapture = steps.contains {
                graph.nodes[$0.from]?.kind.isClosure == true || $0.reference.function != nil
            }
            // Plain stored data is not shown for an object kept by design: nothing on it is to fix.
            guard isThroughCapture || showingPlainData else {
                return Explanation(root: root, path: nil, isThroughCapture: false)
            }
            // A closure on the path is named where it was written: plain Swift records no site.
            let named = steps.map { step in
                var step = step
                if let function = step.reference.function, step.reference.site == nil {
                    step.reference.site = Self.site(ofFunctionAt: function)
                }
                return step
            }
            let edges = RetainAnalysis.presented(
                named, in: graph, closures: closures, rootName: root.name, rootKind: root.kind.shownAs)
            return Explanation(
                root: root, path: RetainCycle(edges: edges, isVerified: steps.allSatisfy(\.reference.isVerified)),
                isThroughCapture: isThroughCapture)
        }
    }

    /// What holds an object from a root.
    struct Explanation {
        let root: HeapRoot
        /// From the root down to the object, when shown.
        let path: RetainCycle?
        /// Whether a closure's capture on the path holds it.
        let isThroughCapture: Bool

        /// What the path says of the object, by its root's kind (``RootKind/meaning``, ``RootKind/cycleRule``);
        /// `onOwnCycle` when the object is also on a retain cycle of its own.
        func verdict(onOwnCycle: Bool) -> Verdict {
            guard root.kind.meaning == .leakThroughCapture, isThroughCapture, let path else {
                return .keptByDesign(from: root.name)
            }
            if onOwnCycle, root.kind.cycleRule == .cycleIsTheFix { return .ownCycle }
            return .leak(path, root.pattern, fixedOnThePath: root.kind.isFixedOnThePath)
        }
    }

    /// What a root's path makes of an object.
    enum Verdict {
        /// Held through a closure's capture: leaked, along the path, with the root kind's pattern; the fix
        /// changes the path's last capture when `fixedOnThePath`.
        case leak(RetainCycle, LeakPattern?, fixedOnThePath: Bool)
        /// Kept by design, held from the root named so.
        case keptByDesign(from: String)
        /// Its own cycle is what to show.
        case ownCycle
    }

    /// `Profile.swift:25`, where the function at `function` was written, when
    /// debug info says (not for the compiler's thunks).
    static func site(ofFunctionAt function: UInt) -> String? {
        // A closure's entry point is often a forwarder the compiler made, with no line of its own.
        let body = ProcessMemory.partialApplyTarget(of: function) ?? function
        guard let frame = Backtrace.symbolicate([body &+ 1]).first, let file = frame.file, let line = frame.line,
            line > 0,
            !file.hasPrefix("<")
        else { return nil }
        return "\(file.split(separator: "/").last.map(String.init) ?? file):\(line)"
    }
}

extension RetainGraph {
    /// For each node, the edge it was first reached by breadth-first from `sources` (node indices, read
    /// together): -1 for the sources and the unreached.
    func firstEdges(from sources: [Int] = [0]) -> [Int32] {
        var reachedBy = [Int32](repeating: -1, count: nodes.count)
        var isReached = [Bool](repeating: false, count: nodes.count)
        for source in sources { isReached[source] = true }
        var queue = sources, head = 0
        while head < queue.count {
            let source = queue[head]
            head += 1
            for edge in edges(from: source) where !isReached[edgeTarget(edge)] {
                isReached[edgeTarget(edge)] = true
                reachedBy[edgeTarget(edge)] = Int32(edge)
                queue.append(edgeTarget(edge))
            }
        }
        return reachedBy
    }

    /// The shortest path of strong references from a source to node `target`, from ``firstEdges(from:)``.
    func path(to target: Int, reachedBy: [Int32]) -> [(from: UInt, reference: HeapReference)] {
        var path: [(from: UInt, reference: HeapReference)] = []
        var current = target
        while reachedBy[current] >= 0 {
            let step = step(Int(reachedBy[current]))
            path.append(step)
            guard let previous = nodes.index(of: step.from) else { break }
            current = previous
        }
        return path.reversed()
    }
}
