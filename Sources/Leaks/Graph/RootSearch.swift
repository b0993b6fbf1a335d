import Probes

/// The globals and statics of the code under test that still reach objects
/// left at the end of a check, with the path from each down to them.
///
/// Reflection cannot list a process's globals: the executable's writable
/// segments (`.data`, `.bss`) are searched word by word for addresses of
/// heap objects; each such slot is named by its symbol (`ChangeFeed.shared`),
/// and the slots of the code under test's modules (``TrackedModules``) are
/// the roots. The graph of strong references from each root is then read as
/// a leak's is, until every object looked for is found or the budget is spent.
/// Timers made in the check (``TimerHolders``) are searched first, as roots of their own.
struct RootSearch {
    /// A global or static holding a heap object, or a timer.
    struct Root {
        /// As in the source: `ChangeFeed.shared`.
        let name: String
        /// The object it holds.
        let object: UInt
        /// ``RetainNode/Kind/global``, or ``RetainNode/Kind/timer`` for a timer.
        var kind = RetainNode.Kind.global
        /// The variable, for a global or static.
        var variable: GlobalVariable? = nil
    }

    /// The most bytes of writable segments searched.
    static let byteBudget = 64 << 20
    /// The most objects read from every root together.
    static let nodeBudget = 200_000

    /// A root whose graph reaches objects looked for, with the edge each node of it was first reached by.
    private struct Reach {
        let root: Root
        let graph: RetainGraph
        let reachedBy: [Int32]
    }

    /// For each object looked for and reached: what reaches it.
    private var found: [UInt: Reach] = [:]
    /// Roots met, in the order their graphs were read.
    private(set) var roots: [Root] = []

    /// Searches `timers`, then the globals, for `targets`.
    init(targets: Set<UInt>, inspector: HeapInspector, timers: [Root] = [], modules: TrackedModules = .current) {
        guard !targets.isEmpty else { return }
        roots = timers + Self.roots(modules: modules)
        var budget = Self.nodeBudget
        for root in roots where budget > 0 && found.count < targets.count {
            let graph = RetainGraph(root: root.object, inspector: inspector, budget: budget)
            budget -= graph.nodes.count
            let reached = targets.filter { found[$0] == nil && graph.nodes.contains($0) }
            guard !reached.isEmpty else { continue }
            let reach = Reach(root: root, graph: graph, reachedBy: graph.firstEdges())
            for target in reached { found[target] = reach }
        }
    }

    /// What holds `target` from a global or static, when a root reaches it:
    /// the root, the path from it down to `target` as shown (only when a
    /// closure is on it, unless `showingPlainData`), and whether a closure on the path holds
    /// it: an escaping closure kept where a global reaches it leaks what it
    /// captures, while plain stored data (a cache, a singleton) is kept by design.
    func explanation(of target: UInt, closures: ClosureTable?, showingPlainData: Bool = false) -> (
        root: Root, path: RetainCycle?, isThroughClosure: Bool
    )? {
        guard let reach = found[target], let index = reach.graph.nodes.index(of: target) else { return nil }
        let graph = reach.graph
        let steps = graph.path(to: index, reachedBy: reach.reachedBy)
        let isThroughClosure = steps.contains {
            graph.nodes[$0.from]?.kind.isClosure == true || $0.reference.function != nil
        }
        // Plain stored data is not shown for an object kept by design: nothing on it is to fix.
        guard isThroughClosure || showingPlainData else { return (reach.root, nil, false) }
        // A closure on the path is named where it was written: plain Swift records no site.
        let named = steps.map { step in
            var step = step
            if let function = step.reference.function, step.reference.site == nil {
                step.reference.site = Self.site(ofFunctionAt: function)
            }
            return step
        }
        let edges = RetainAnalysis.presented(
            named, in: graph, closures: closures, rootName: reach.root.name, rootKind: reach.root.kind)
        return (
            reach.root, RetainCycle(edges: edges, isVerified: steps.allSatisfy(\.reference.isVerified)),
            isThroughClosure
        )
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

    /// The pattern of an object a closure kept from a global holds.
    static let pattern = LeakPattern(
        id: "global-keeps-closure", name: "a closure that a global or static keeps captures the object strongly",
        source: nil,
        fix:
            "capture the object weakly in the closure ([weak self]), or remove the closure from what the global keeps when the object goes away"
    )

    /// How many words of a segment one read takes.
    private static let wordsPerRead = 8_192

    /// The globals of `modules` that hold a heap object, named as in the source.
    static func roots(modules: TrackedModules) -> [Root] {
        #if canImport(Glibc)
        let heap = ProcessMemory.anonymousWritableRanges()
        var slots: [(slot: UInt, object: UInt)] = []
        var scanned = 0
        for segment in ProcessMemory.executableDataSegments() where scanned < byteBudget {
            let aligned = (segment.lowerBound + 7) & ~7
            let count = min(Int(segment.upperBound - min(aligned, segment.upperBound)), byteBudget - scanned) / 8
            scanned += count * 8
            // Read through Memory, not loaded in place: a sanitizer's redzones between globals
            // are the program's to touch, not a scan's.
            var index = 0
            while index < count {
                let chunk = min(count - index, Self.wordsPerRead)
                let address = aligned &+ UInt(index * 8)
                for (offset, word) in (Memory.readWords(address, count: chunk) ?? []).enumerated()
                where word % 8 == 0 && Self.contains(word, in: heap) {
                    slots.append((address &+ UInt(offset * 8), word))
                }
                index += chunk
            }
        }
        let symbols = ProcessMemory.globalNames(at: slots.map(\.slot))
        let probe = ReflectionProbe.shared
        return zip(slots, symbols).compactMap { slot, symbol in
            guard let variable = symbol.flatMap(globalVariable), modules.contains(variable.module),
                probe.layout(ofInstanceAt: slot.object) != nil
            else { return nil }
            return Root(name: variable.description, object: slot.object, variable: variable)
        }
        #else
        return []
        #endif
    }

    /// `static App.ChangeFeed.shared : App.ChangeFeed` reads module `App`,
    /// type `ChangeFeed`, name `shared`; nil for what is not a variable's storage.
    static func globalVariable(_ symbol: String) -> GlobalVariable? {
        let plain = HeapNames.withoutPrivateDiscriminators(symbol)
        let declaration = plain.hasPrefix("static ") ? plain.dropFirst("static ".count) : Substring(plain)
        guard let colon = declaration.range(of: " : ") else { return nil }
        let path = declaration[..<colon.lowerBound]
        guard !path.contains(" "), !path.contains("("), let dot = path.firstIndex(of: ".") else { return nil }
        let qualified = path[path.index(after: dot)...]
        let last = qualified.lastIndex(of: ".")
        return GlobalVariable(
            module: String(path[..<dot]), type: last.map { String(qualified[..<$0]) },
            name: String(last.map { qualified[qualified.index(after: $0)...] } ?? qualified))
    }

    private static func contains(_ address: UInt, in ranges: [Range<UInt>]) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= address { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(address)
    }
}

extension RetainGraph {
    /// For each node, the edge it was first reached by breadth-first from the root, -1 for the root and the unreached.
    func firstEdges() -> [Int32] {
        var reachedBy = [Int32](repeating: -1, count: nodes.count)
        var queue = [0], head = 0
        while head < queue.count {
            let source = queue[head]
            head += 1
            for edge in edges(from: source) where edgeTarget(edge) != 0 && reachedBy[edgeTarget(edge)] < 0 {
                reachedBy[edgeTarget(edge)] = Int32(edge)
                queue.append(edgeTarget(edge))
            }
        }
        return reachedBy
    }

    /// The shortest path of strong references from the root to node `target`, from ``firstEdges()``.
    func path(to target: Int, reachedBy: [Int32]) -> [(from: UInt, reference: HeapReference)] {
        var path: [(from: UInt, reference: HeapReference)] = []
        var current = target
        while current != 0, reachedBy[current] >= 0 {
            let step = step(Int(reachedBy[current]))
            path.append(step)
            current = nodes.index(of: step.from) ?? 0
        }
        return path.reversed()
    }
}
