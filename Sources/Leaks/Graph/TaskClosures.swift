import Probes

/// The closures of tasks made in a check: a task holds its closure's context, and what that captures,
/// until it ends (the runtime releases the context then), whether anything stores the task or not: one
/// that nothing stores is held by the runtime (its executor, or what it awaits). The allocation hook
/// records the closure's context of each task made while a check is open, watched without a strong
/// reference; a context still alive is its task's, as a closure's context is kept by that closure only.
enum TaskClosures {
    /// A task made in the check.
    struct Task: Sendable {
        /// Its closure's context.
        let context: DeathWatch
        /// Where the code that made it is, placed in the source only for what a report shows.
        let madeAt: @Sendable () -> SourceSite
    }

    static let pattern = LeakPattern(
        id: "running-task-captures-object", name: "a running task's closure captures the object strongly", source: nil,
        fix:
            "capture [weak self] in the task's closure (guard let self inside each iteration of its loop), or keep the "
            + "task and cancel it when the object is done with: a deinit that cancels it never runs while the task holds the object"
    )

    /// The most tasks watched per check.
    static let budget = 1_024

    /// The path from a task made in the check whose closure's context, still alive, captures `object`
    /// strongly: `Task made at File.swift:N ─captures→` the object. A closure capturing `object` alone may
    /// have it as its context: nothing then tells whether the task still runs, and no task is blamed.
    static func path(to object: RetainNode, among tasks: [Task], inspector: HeapInspector) -> RetainCycle? {
        for task in tasks where task.context.objectAddress != object.address && task.context.isAlive {
            guard captures(object.address, from: task.context.objectAddress, inspector: inspector) else { continue }
            let site = task.madeAt()
            let holder = RetainNode(address: task.context.objectAddress, name: "Task made at \(site)", kind: .task)
            return RetainCycle(
                edges: [RetainEdge(from: holder, to: object, reference: .capture, kind: .strong, site: "\(site)")],
                isVerified: true)
        }
        return nil
    }

    /// The most closure contexts read from one task's.
    private static let contextDepth = 4

    /// Whether the context at `context`, or a closure's context it holds (`Task.init` wraps the closure it is
    /// given in one of its own), captures `object` strongly.
    private static func captures(_ object: UInt, from context: UInt, inspector: HeapInspector) -> Bool {
        var next: UInt? = context
        for _ in 0..<contextDepth {
            guard let address = next, let node = inspector.node(at: address) else { return false }
            let strong = node.references.filter { $0.kind == .strong }
            if strong.contains(where: { $0.target == object }) { return true }
            next =
                strong.first { reference in
                    inspector.node(at: reference.target).map { $0.closure != nil || $0.kind.isClosure } ?? false
                }?.target
        }
        return false
    }
}
