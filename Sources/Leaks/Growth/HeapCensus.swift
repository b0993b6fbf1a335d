import Probes

/// What the long-lived holders keep of the code under test at one moment, counted by place: the
/// path of references from a root down to each object, with elements' indices and keys generalised,
/// as LeakCanary's heap growth groups a shortest-path tree's nodes. A collection counts its elements
/// (an array of plain values grows though no object is added), any other object counts one.
///
/// The roots are the path search's (``RootProvider``) whose objects can be read: the globals and
/// statics of the code under test (``GlobalRoots``), and `NotificationCenter.default`'s observer
/// blocks (``ObserverTable``), which are counted by the closure given to `addObserver`.
struct HeapCensus {
    /// Where objects are kept: the root, then each reference down from it, generalised.
    struct Place: Hashable {
        let root: String
        let rootKind: RootKind
        /// `entries[*]>Swift._ContiguousArrayStorage<Entry>`: fields, `[*]` for an element, `>`, the type reached.
        let steps: [String]

        /// Whether `self` lies under `other` (or is it).
        func isUnder(_ other: Place) -> Bool {
            root == other.root && rootKind == other.rootKind && steps.starts(with: other.steps)
        }
    }

    /// What is kept at one place.
    struct Tally {
        /// Objects there, a collection's elements counted each.
        var count = 0
        /// The bytes its allocations take.
        var bytes = 0
        /// The object there read last (the newest element of a collection, in order), to explain the place from.
        var sample: UInt = 0
        /// The last object the collection there holds, when it holds objects: a path down to it names what
        /// is added, and where.
        var element: UInt?
        /// What the objects there are.
        var kind = RetainNode.Kind.unknown
        /// The nearest library object of a known role above the place (a subject, a container of
        /// subscriptions), whose shape the growth takes.
        var role: RetainNode.Kind?
        /// The object that holds the one read last, and the reference it holds it by: a collection of plain
        /// values is shown from there.
        var holder: UInt?
        var reference: HeapReference?
        /// The type of the objects there, as the heap names it.
        var typeName: String?
    }

    private(set) var tallies: [Place: Tally] = [:]

    /// The most objects read from the globals.
    static let nodeBudget = 200_000

    /// Counts what the globals of `modules` and the default notification center keep now.
    init(modules: TrackedModules = .current, inspector: HeapInspector) {
        countGlobals(modules: modules, inspector: inspector)
        countObservers(inspector: inspector)
    }

    private mutating func countGlobals(modules: TrackedModules, inspector: HeapInspector) {
        var roots: [UInt: HeapRoot] = [:]
        for root in GlobalRoots.roots(modules: modules) where roots[root.address] == nil { roots[root.address] = root }
        guard !roots.isEmpty else { return }
        let graph = RetainGraph(roots: Array(roots.keys), inspector: inspector, budget: Self.nodeBudget)
        let nodes = graph.nodes
        // Breadth first from every root, each node's place made from its parent's as it is first reached.
        var placeOf = [Place?](repeating: nil, count: nodes.count)
        var holders = [Int](repeating: -1, count: nodes.count), references = [Int](repeating: -1, count: nodes.count)
        var roles = [RetainNode.Kind?](repeating: nil, count: nodes.count)
        var queue: [Int] = []
        for (address, root) in roots {
            guard let index = nodes.index(of: address), placeOf[index] == nil else { continue }
            placeOf[index] = Place(root: root.name, rootKind: .global, steps: [Self.typeStep(nodes, index)])
            queue.append(index)
        }
        var head = 0
        while head < queue.count {
            let source = queue[head]
            head += 1
            guard let place = placeOf[source] else { continue }
            tally(graph, source, at: place, holder: holders[source], by: references[source], role: roles[source])
            for edge in graph.edges(from: source) where placeOf[graph.edgeTarget(edge)] == nil {
                let target = graph.edgeTarget(edge)
                let step = Self.referenceStep(graph.step(edge).reference) + Self.typeStep(nodes, target)
                placeOf[target] = Place(root: place.root, rootKind: place.rootKind, steps: place.steps + [step])
                holders[target] = source
                references[target] = edge
                let kind = nodes.kind(ofNode: source)
                roles[target] = kind == .subject || kind == .subscriptionContainer ? kind : roles[source]
                queue.append(target)
            }
        }
    }

    private mutating func tally(
        _ graph: RetainGraph, _ index: Int, at place: Place, holder: Int, by edge: Int, role: RetainNode.Kind?
    ) {
        let nodes = graph.nodes
        let address = nodes.addresses[index], kind = nodes.kind(ofNode: index)
        var tally = tallies[place] ?? Tally()
        tally.sample = address
        tally.kind = kind
        tally.role = role
        tally.holder = holder >= 0 ? nodes.addresses[holder] : nil
        tally.reference = edge >= 0 ? graph.step(edge).reference : nil
        tally.typeName = nodes.node(index).typeName
        if kind == .storage {
            let objects = graph.edges(from: index).map(graph.edgeTarget).filter { target in
                nodes.node(target).typeName.map(HeapNames.isStandardLibraryType) != true
            }
            tally.element = objects.last.map { nodes.addresses[$0] }
            // Live objects, not slots: a library's collection may keep emptied slots until it compacts. Plain values
            // are counted only in the code under test's own collections, for the same reason.
            if !objects.isEmpty {
                tally.count += objects.count
            } else if holder < 0 || !nodes.isLibrary(holder) {
                tally.count += Self.elementCount(ofStorageAt: address)
            }
        } else {
            tally.count += 1
        }
        tally.bytes += Self.bytes(at: address)
        tallies[place] = tally
    }

    private mutating func countObservers(inspector: HeapInspector) {
        for block in ObserverTable().blocks(inspector: inspector) {
            let place = Place(root: "NotificationCenter.default", rootKind: .notificationObserver, steps: [block.site])
            var tally = tallies[place] ?? Tally(kind: .closure)
            tally.sample = block.context
            tally.count += 1
            tally.bytes += Self.bytes(at: block.context)
            tallies[place] = tally
        }
    }

    /// The bytes of the allocation at `address`; 0 for what the allocator did not size (an object emitted
    /// statically, whose word before it is not a chunk header).
    private static func bytes(at address: UInt) -> Int {
        guard let size = HeapAllocation.size(at: address), size < 1 << 32 else { return 0 }
        return Int(size)
    }

    /// An array's, a dictionary's or a set's storage keeps its count in the word after the object's header.
    private static func elementCount(ofStorageAt address: UInt) -> Int {
        Memory.readWord(address &+ 16).map { Int(truncatingIfNeeded: $0) }.flatMap { $0 >= 0 ? $0 : nil } ?? 1
    }

    private static func typeStep(_ nodes: HeapNodes, _ index: Int) -> String {
        let node = nodes.node(index)
        return ">" + (node.closure != nil ? "closure" : node.typeName ?? node.name)
    }

    /// The reference's fields, with `[*]` for an element: which element holds an object changes with order.
    private static func referenceStep(_ reference: HeapReference) -> String {
        let place = reference.place
        if place.wordOffset != nil { return "word" }
        return (place.element == nil ? "" : "[*]") + place.fields.joined(separator: ".")
    }
}
