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
    /// Every distinct cycle through the object, one per reference to break:
    /// the one `cycle` shows first, then, shortest first, what is left each
    /// time the references before are taken as broken.
    private(set) var causes: [LeakCause] = []
    /// Causes found beyond the ``listedCauses`` listed.
    private(set) var unlistedCauses = 0

    /// The most causes listed per object.
    static let listedCauses = 5
    /// The most causes searched for per object, listed or counted.
    static let searchedCauses = 50

    init(root: UInt, rootName: String, inspector: HeapInspector, trial: TrialRelease = .none) {
        let graph = RetainGraph(root: root, inspector: inspector)
        self.graph = graph
        let vocabulary = inspector.vocabulary
        let shown = { (path: [(from: UInt, reference: HeapReference)]) -> [RetainEdge] in
            Self.presented(path, in: graph, closures: inspector.closures, rootName: rootName)
        }
        let candidates = CycleFinder(graph: graph).cyclesThroughRoot(limit: 8).map { (path: $0, edges: shown($0)) }
        // The shortest explanation first, but one through the subscription
        // (its site and owning bag) beats a slightly shorter one without.
        let score = { (edges: [RetainEdge]) in
            edges.count - (edges.contains { $0.to.kind == .subscription } ? 3 : 0)
        }
        guard let chosen = candidates.min(by: { score($0.edges) < score($1.edges) }) else {
            cycle = nil
            pattern = nil
            isHeldOnlyByCycle = false
            return
        }
        let present = { (path: [(from: UInt, reference: HeapReference)], edges: [RetainEdge]) in
            LeakCause(
                cycle: RetainCycle(edges: edges, isVerified: path.allSatisfy(\.reference.isVerified)),
                pattern: PatternClassifier(graph: graph, path: path, vocabulary: vocabulary).classify())
        }
        let first = present(chosen.path, chosen.edges)
        cycle = first.cycle
        pattern = first.pattern
        causes = [first]
        var broken: Set<CycleFinder.Step> = [Self.referenceToBreak(on: chosen.path, in: graph)]
        // Each fix with the index of its listed cause (nil when counted, not listed).
        var fixes: [LeakCause.FixKey: Int?] = [first.fixKey(of: root): 0]
        while causes.count + unlistedCauses < Self.searchedCauses,
            let path = CycleFinder(graph: graph).shortestCycle(avoiding: broken)
        {
            broken.insert(Self.referenceToBreak(on: path, in: graph))
            let edges = shown(path)
            let key = LeakCause.fixKey(on: edges)
            if let listed = fixes[key] {
                // Another path through the same fix: the reference made again (the closure's site run again).
                if let index = listed { causes[index].paths += 1 }
            } else if causes.count < Self.listedCauses {
                fixes[key] = causes.count
                causes.append(present(path, edges))
            } else {
                fixes[key] = .some(nil)
                unlistedCauses += 1
            }
        }
        // Library plumbing (disposers, slots, buffers) is referenced from
        // places reflection does not always see (existential boxes), and never
        // from the user's globals: only the objects a reader would recognise
        // (the user's, subjects, bags, sinks) must be held from inside.
        let nodes = graph.nodes
        // Over the component's nodes in index order, with no array of them made.
        isHeldOnlyByCycle = (0..<nodes.count).allSatisfy { index in
            guard graph.isInComponent(index) else { return true }
            let address = nodes.addresses[index]
            if nodes.kind(ofNode: index) == .plumbing { return true }
            return (trial.strongCount(ofObjectAt: address, read: nodes.strongCount(ofNode: index)) ?? 0)
                <= graph.strongReferenceCount(toNode: index)
        }
    }

    /// The step of a cycle that a fix changes: its last capture by a closure
    /// (a closure's context holding an object, or a closure whose context is
    /// the object itself), else its last reference.
    private static func referenceToBreak(on path: [(from: UInt, reference: HeapReference)], in graph: RetainGraph)
        -> CycleFinder.Step
    {
        let capture = path.last { step in
            graph.nodes[step.from]?.closure != nil
                || (step.reference.function != nil && graph.nodes[step.reference.target]?.closure == nil)
        }
        let step = capture ?? path[path.count - 1]
        return CycleFinder.Step(from: step.from, reference: step.reference)
    }

    /// A path of references read in `graph` as a reader sees it: plumbing
    /// folded, each edge named by meaning, the first node named `rootName`
    /// (and shown as `rootKind` when given).
    static func presented(
        _ path: [(from: UInt, reference: HeapReference)], in graph: RetainGraph, closures: ClosureTable?,
        rootName: String, rootKind: RetainNode.Kind? = nil
    ) -> [RetainEdge] {
        // The object that holds a closure names its operator when several
        // closures share one context: the nearest one that is not plumbing.
        var holder = ""
        let steps = path.flatMap { step -> [CyclePresentation.Step] in
            let node = graph.retainNode(step.from)
            if !CyclePresentation.isPlumbing(node) { holder = node.name }
            return Self.edges(for: step, in: graph, closures: closures, holder: holder)
        }
        return CyclePresentation.compress(steps, rootName: rootName, rootKind: rootKind)
    }

    /// The edges shown for one step. A closure whose only capture is one
    /// strong reference has that object as its context, so the step from a
    /// field holding the closure goes straight to the object: it is shown as
    /// two edges through the closure, which is what the reader needs to see.
    private static func edges(
        for step: (from: UInt, reference: HeapReference), in graph: RetainGraph, closures: ClosureTable?, holder: String
    ) -> [CyclePresentation.Step] {
        let from = graph.retainNode(step.from, closures: closures)
        let to = graph.retainNode(step.reference.target, closures: closures)
        let reference = step.reference
        let read = CyclePresentation.Step.Reference.read(reference.place, owner: graph.owner(of: step.from))
        let entry = closures?.entry(for: reference.target, heldBy: holder)
        let isContext = graph.nodes[reference.target]?.closure != nil
        // From the context of a closure given to an operator (a thunk around
        // a method reference), the reference is that closure's capture.
        if reference.function != nil, !isContext, from.kind != .closure {
            let site = entry?.site.description ?? reference.site
            let name =
                entry.map { "closure given to \($0.operatorName) at \($0.site)" } ?? site.map {
                    "closure given at \($0)"
                } ?? "closure"
            let closure = RetainNode(
                address: reference.target, name: name, kind: site == nil ? .closureContext : .closure,
                call: entry?.operatorName)
            return [
                CyclePresentation.Step(from: from, to: closure, reference: read, kind: .strong, site: site),
                CyclePresentation.Step(from: closure, to: to, reference: .made(.capture), kind: .strong, site: site),
            ]
        }
        // A closure context nothing else names is named by the site its holder recorded.
        if reference.function != nil, isContext, entry == nil, to.kind == .closureContext, let site = reference.site {
            let closure = RetainNode(address: to.address, name: "closure given at \(site)", kind: .closure)
            return [CyclePresentation.Step(from: from, to: closure, reference: read, kind: reference.kind, site: site)]
        }
        return [
            CyclePresentation.Step(
                from: from, to: to, reference: read, kind: reference.kind,
                site: entry?.site.description ?? reference.site)
        ]
    }
}

extension RetainGraph {
    /// The library type that declares the fields of the object at `holder`, as a reference from it
    /// names it (`UnaryProducer.parameters`): an integration may name the object itself (`SkipWhile`),
    /// and the reference follows. Nil for the code under test's objects, whose fields read alone.
    func owner(of holder: UInt) -> String? {
        guard let node = nodes[holder], node.isLibrary else { return nil }
        return node.kind == .object ? node.name : node.typeName.map(HeapNames.shortTypeName) ?? node.name
    }

    /// The node at `address` as a report shows it; a closure the table knows is given its call.
    func retainNode(_ address: UInt, closures: ClosureTable? = nil) -> RetainNode {
        let node = nodes[address]
        return RetainNode(
            address: address, name: node?.name ?? "object at 0x\(String(address, radix: 16))",
            kind: node?.kind ?? .unknown,
            call: node?.kind == .closure ? closures?.entry(for: address)?.operatorName : nil,
            type: node?.closure == nil ? node?.typeName.map(HeapNames.shortTypeName) : nil)
    }
}
