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
        /// Whether it was made in a closure that sets a subscription up (`Observable.create`'s): what that
        /// closure returns must cancel it.
        let isMadeInSubscribeHandler: @Sendable () -> Bool
        /// The task, once the runtime made it: its address stays its own while ``context`` is alive.
        var task: UInt? = nil
    }

    static let pattern = LeakPattern(
        id: "running-task-captures-object", name: "a running task's closure captures the object strongly", source: nil,
        fix:
            "capture [weak self] in the task's closure (guard let self inside each iteration of its loop), or keep the "
            + "task and cancel it when the object is done with: a deinit that cancels it never runs while the task holds the object"
    )

    /// The most tasks watched per check.
    static let budget = 1_024

    /// The most closure contexts read from one task's.
    private static let contextDepth = 4

    /// What the context at `context` captures strongly, with what a closure's context it holds captures
    /// (`Task.init` wraps the closure it is given in one of its own).
    static func captures(from context: UInt, inspector: HeapInspector) -> Set<UInt> {
        var captured: Set<UInt> = []
        var next: UInt? = context
        for _ in 0..<contextDepth {
            guard let address = next, let node = inspector.node(at: address) else { break }
            let strong = node.references.filter { $0.kind == .strong }
            captured.formUnion(strong.map(\.target))
            next =
                strong.first { reference in
                    inspector.node(at: reference.target).map { $0.closure != nil || $0.kind.isClosure } ?? false
                }?.target
        }
        return captured
    }
}

extension TaskClosures.Task {
    /// Whether the task still runs: the runtime frees its closure's context when it ends.
    var isAlive: Bool { context.isAlive }

    /// What of `targets` the closure of this task captures strongly (``TaskClosures/captures(from:inspector:)``),
    /// its own context aside.
    func captured(of targets: [UInt: RetainNode], inspector: HeapInspector) -> [RetainNode] {
        let context = context.objectAddress
        let captured = TaskClosures.captures(from: context, inspector: inspector)
        return targets.values.filter { $0.address != context && captured.contains($0.address) }
    }
}

extension Collection<TaskClosures.Task> {
    /// The tasks that still run: the only ones whose records say anything of the heap now.
    var live: [TaskClosures.Task] { filter(\.isAlive) }

    /// The live task at `address`: a task that ended may have left its address to another one.
    func live(at address: UInt) -> TaskClosures.Task? {
        first { $0.isAlive && $0.task == address }
    }
}

/// The tasks made in a check and still running, as roots of the path search: each holds what its
/// closure's context captures strongly, `Task made at File.swift:N ─captures→` the object. A closure
/// capturing an object alone may have it as its context: nothing then tells whether the task still
/// runs, and no task is blamed.
struct TaskRoots: RootProvider {
    let tasks: [TaskClosures.Task]
    /// ``RootKind/task``, or ``RootKind/subscriptionTask`` for the tasks made in a subscribe handler alone.
    var kind = RootKind.task

    func roots(holding targets: [UInt: RetainNode], inspector: HeapInspector) -> [HeapRoot] {
        tasks.live.compactMap { task in
            let held = task.captured(of: targets, inspector: inspector)
            guard !held.isEmpty, task.isMadeInSubscribeHandler() == (kind == .subscriptionTask) else { return nil }
            let site = task.madeAt()
            let holder = RetainNode(address: task.context.objectAddress, name: "Task made at \(site)", kind: .task)
            return HeapRoot(kind: kind, capturing: held, from: holder, site: "\(site)")
        }
    }
}
