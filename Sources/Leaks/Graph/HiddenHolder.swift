#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Probes

/// What keeps an object made in the check alive when reflection finds no
/// cycle through it: work the object keeps itself, a `Task` or a
/// `DispatchWorkItem`, whose closure holds it from memory reflection cannot
/// read (the task's frames, the work item's block). The raw words of that
/// memory are searched for the object's address: the cycle it closes is
/// shown unverified, its last edge the capture to fix.
struct HiddenHolder {
    /// The kinds of work searched.
    enum Work {
        case task
        case workItemBlock

        var name: String {
            switch self {
            case .task: "Task"
            case .workItemBlock: "block of DispatchWorkItem"
            }
        }

        var kind: RetainNode.Kind { self == .task ? .task : .dispatchWork }

        var pattern: LeakPattern {
            switch self {
            case .task:
                LeakPattern(
                    id: "task-captures-self", name: "a task the object keeps captures it strongly", source: nil,
                    fix:
                        "loop with [weak self] (guard let self inside each iteration), or cancel the task before releasing "
                        + "the object: a deinit that cancels it never runs while the task holds the object")
            case .workItemBlock:
                LeakPattern(
                    id: "work-item-captures-self", name: "a DispatchWorkItem the object keeps captures it strongly",
                    source: nil,
                    fix: "capture [weak self] in the work item's block, or drop the work item once it has run")
            }
        }
    }

    /// The cycle from the object through the work back to it.
    let cycle: RetainCycle
    let work: Work

    /// The most words read per block or task, and blocks followed per search.
    private static let wordBudget = 8_192
    private static let blockBudget = 16
    /// The words read from a pointer into a task's frames, the callers followed
    /// from each, and the reads per task.
    private static let frameWords = 64
    private static let callerDepth = 16
    private static let frameBudget = 256
    /// Searches of a task, 20 ms apart.
    private static let taskAttempts = 5

    /// Searches the work that the objects strongly reachable from `root` (in
    /// `graph`) keep; nil when none holds it. A task among `tasks` (those made in the check) is named where it
    /// was made: `Task made at Loops.swift:16`.
    init?(root: UInt, graph: RetainGraph, inspector: HeapInspector, tasks: [TaskClosures.Task] = []) {
        let nodes = graph.nodes
        guard let rootIndex = nodes.index(of: root) else { return nil }
        // Breadth-first from the root over strong references, keeping the edge each node was reached by.
        var reachedBy: [Int: Int] = [rootIndex: -1]
        var queue = [rootIndex], next = 0
        while next < queue.count {
            let index = queue[next]
            next += 1
            let node = nodes.node(index)
            for reference in node.references where reference.kind == .strong && !nodes.contains(reference.target) {
                guard let work = Self.work(held: reference, by: node),
                    Self.holds(work, at: reference.target, root: root, inspector: inspector)
                else { continue }
                var path: [RetainEdge] = []
                var current = index
                while let edge = reachedBy[current], edge >= 0 {
                    let step = graph.step(edge)
                    path.insert(
                        RetainEdge(
                            from: graph.retainNode(step.from), to: graph.retainNode(step.reference.target),
                            reference: CyclePresentation.unfolded(
                                step.reference.place, owner: graph.owner(of: step.from)),
                            kind: .strong, site: step.reference.site), at: 0)
                    current = nodes.index(of: step.from) ?? rootIndex
                }
                let made = work == .task ? tasks.live(at: reference.target)?.madeAt() : nil
                let holder = RetainNode(
                    address: reference.target, name: made.map { "\(work.name) made at \($0)" } ?? work.name,
                    kind: work.kind)
                path.append(
                    RetainEdge(
                        from: graph.retainNode(node.address), to: holder,
                        reference: CyclePresentation.unfolded(reference.place, owner: graph.owner(of: node.address)),
                        kind: .strong, site: nil))
                path.append(
                    RetainEdge(from: holder, to: graph.retainNode(root), reference: .capture, kind: .strong, site: nil))
                cycle = RetainCycle(edges: path, isVerified: false)
                self.work = work
                return
            }
            for edge in graph.edges(from: index) where reachedBy[graph.edgeTarget(edge)] == nil {
                reachedBy[graph.edgeTarget(edge)] = edge
                queue.append(graph.edgeTarget(edge))
            }
        }
        return nil
    }

    /// The work a reference that reflection could not follow leads to, when it is work searched.
    /// Read by the field names of the standard library's `Task` (its `_task` handle) and of
    /// `DispatchWorkItem` (`_block`), as reflection gives them.
    private static func work(held reference: HeapReference, by node: HeapNode) -> Work? {
        let place = reference.place
        if place.fields.last == "_task" { return .task }
        if node.kind == .dispatchWork, place.element == nil, place.fields == ["_block"] { return .workItemBlock }
        return nil
    }

    private static func holds(_ work: Work, at address: UInt, root: UInt, inspector: HeapInspector) -> Bool {
        guard work == .task else { return holdsNow(work, at: address, root: root, inspector: inspector) }
        // A task just made may not have run yet (its frames not set up): it is given a moment.
        for attempt in 0..<taskAttempts {
            if holdsNow(work, at: address, root: root, inspector: inspector) { return true }
            if attempt + 1 < taskAttempts { usleep(20_000) }
        }
        return false
    }

    private static func holdsNow(_ work: Work, at address: UInt, root: UInt, inspector: HeapInspector) -> Bool {
        switch work {
        case .task:
            // A task the runtime still runs (or has suspended) holds a reference to itself
            // besides its handle's; a finished one's frames hold stale words.
            guard let running = RefCounts.snapshot(ofObjectAt: address)?.strong, running >= 2 else { return false }
            return taskWords(at: address).contains(root)
        case .workItemBlock:
            return blockHolds(root, block: address, inspector: inspector)
        }
    }

    /// The words of the task at `address` and of its frames, as far as they are read: a task is one
    /// allocation holding its first frames, and points to the slabs of later ones (each chunk's size is in its
    /// allocator header), or into them at a frame (then the allocation's start is unknown: the frame's first
    /// words are read, and its callers' frames after it: an async frame's first word is its caller's).
    static func taskWords(at address: UInt) -> [UInt] {
        guard let task = chunkWords(at: address) else { return [] }
        var words = task
        var chunks = 0
        for word in Set(task) where word >= 0x10000 && word % 8 == 0 && chunks < frameBudget {
            if let chunk = chunkWords(at: word) {
                chunks += 1
                words += chunk
            }
            var frame = word
            for _ in 0..<callerDepth where chunks < frameBudget {
                guard let frameWords = Memory.readWords(frame, count: self.frameWords) else { break }
                chunks += 1
                words += frameWords
                guard frameWords[0] >= 0x10000, frameWords[0] % 8 == 0, frameWords[0] != frame else { break }
                frame = frameWords[0]
            }
        }
        return words
    }

    /// The words of the heap allocation at `address` (``HeapAllocation``); nil when it starts none.
    static func chunkWords(at address: UInt) -> [UInt]? {
        HeapAllocation.words(at: address, limit: wordBudget)
    }

    /// Whether the block at `block`'s captures, or the blocks and closure contexts they hold, refer to `root`.
    static func blockHolds(_ root: UInt, block: UInt, inspector: HeapInspector) -> Bool {
        var budget = blockBudget
        return blockHolds(root, block: block, inspector: inspector, budget: &budget)
    }

    /// Whether a block's captures, or the blocks and closure contexts they
    /// hold, refer to `root`. A block's size is in its descriptor (header:
    /// isa, flags, invoke, descriptor; the descriptor's second word is the size).
    private static func blockHolds(_ root: UInt, block: UInt, inspector: HeapInspector, budget: inout Int) -> Bool {
        guard budget > 0, let header = Memory.readWords(block, count: 4) else { return false }
        budget -= 1
        guard let size = Memory.readWord(header[3] &+ 8), size > 32, size <= UInt(wordBudget * 8),
            let captures = Memory.readWords(block &+ 32, count: Int(size - 32) / 8)
        else { return false }
        for word in captures where word >= 0x10000 && word % 8 == 0 {
            if word == root { return true }
            if Memory.readWord(word) == header[0] {
                if blockHolds(root, block: word, inspector: inspector, budget: &budget) { return true }
            } else if let context = inspector.node(at: word),
                context.references.contains(where: { $0.target == root && $0.kind == .strong })
            {
                return true
            }
        }
        return false
    }
}
