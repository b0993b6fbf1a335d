#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Probes

/// Tasks made in a check that can never resume, after Go's goroutine leak detection by reachability: the
/// task is suspended, and everything that could resume it is held only by what the task itself holds (its
/// continuation kept by a `Downloader` that only the task keeps), or was freed unresumed (the runtime's
/// continuation misuse). What it holds stays alive for ever; `[weak self]` would not help.
enum StuckTasks {
    static let pattern = LeakPattern(
        id: "task-never-resumes", name: "a task that can never resume keeps what it holds", source: nil,
        fix:
            "resume the continuation exactly once on every path (the error and cancellation paths too), and keep it "
            + "where its owner can fail it: a continuation only the awaiting task reaches can never be resumed"
    )

    /// The most objects read from a task's closure when looking for what resumes it.
    static let nodeBudget = 10_000

    /// The most words read of one object when looking for the task's address in it.
    private static let wordBudget = 1_024

    /// Reads of a task's frames until one places it in the source, 20 ms apart.
    private static let frameAttempts = 5

    /// A suspended task's async frames, innermost first, as debug info names them; empty when it has not run
    /// yet. A task still running to its first await in the source (its frames those of its start) is given a
    /// moment to reach it.
    static func frames(ofTaskAt task: UInt) -> [Backtrace.Frame] {
        var frames: [Backtrace.Frame] = []
        for attempt in 0..<frameAttempts {
            // Resume points are entry points, not return addresses: symbolicate steps back one byte.
            frames = Backtrace.symbolicate(AsyncFrames.resumePoints(ofTaskAt: task).map { $0 &+ 1 })
            if awaitSite(in: frames) != nil { break }
            if attempt + 1 < frameAttempts { usleep(20_000) }
        }
        return frames
    }

    /// Where a suspended task waits: the innermost of its async frames placed in the source (the code under test).
    static func awaitSite(in frames: [Backtrace.Frame]) -> SourceSite? {
        guard
            let frame = frames.first(where: { frame in
                frame.function != nil && (frame.line ?? 0) > 0 && frame.file.map { !$0.hasPrefix("<") } == true
            }), let file = frame.file
        else { return nil }
        return SourceSite(file: file, line: UInt(frame.line ?? 0), function: functionName(frame.function ?? ""))
    }

    /// `Downloader.fetch()` for the resume function `(2) await resume partial function for
    /// App.Downloader.fetch() async -> Swift.Int`: the function as written, without its module.
    static func functionName(_ symbol: String) -> String {
        var name = symbol.range(of: "partial function for ").map { String(symbol[$0.upperBound...]) } ?? symbol
        if let signatureEnd = name.range(of: ") ") {
            name = String(name[..<name.index(after: signatureEnd.lowerBound)])
        }
        let path = name.prefix { $0 != "(" }
        guard path.filter({ $0 == "." }).count >= 2, let dot = path.firstIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }

    /// Why the suspended task at `task`, whose closure's context is at `context`, can never resume; nil when
    /// something may still resume it (`others`, the roots of every other holder, reach what could), or nothing
    /// tells.
    static func reason(
        task: UInt, context: UInt, awaitingIn functions: [String], misuses: [ContinuationMisuse],
        others: [any RootProvider], inspector: HeapInspector
    ) -> String? {
        let graph = RetainGraph(root: context, inspector: inspector, budget: nodeBudget)
        let nodes = graph.nodes
        // What refers to the task is what can resume it: a checked continuation's canary, an unsafe
        // continuation stored in an object, a stream's storage keeping the continuation of its waiting reader.
        let resumers = (1..<nodes.count).filter { index in
            HeapAllocation.words(at: nodes.addresses[index], limit: wordBudget)?.contains(task) == true
        }
        guard !resumers.isEmpty else {
            // The continuation it awaits was freed without being resumed.
            let dropped = misuses.first { misuse in functions.contains { $0.contains(".\(misuse.function)") } }
            return dropped.map { "its continuation was dropped unresumed (\($0.function) \($0.misuse))" }
        }
        let frameWords = HiddenHolder.taskWords(at: task)
        let reachedBy = graph.firstEdges()
        var chain: [UInt: RetainNode] = [:]
        var holders: [String] = []
        for resumer in resumers {
            // Every object from the task's closure down to what resumes it has no strong reference but the
            // objects read from the closure's and the words of the task's frames.
            let path = graph.path(to: resumer, reachedBy: reachedBy)
            for (_, reference) in path {
                guard let index = nodes.index(of: reference.target),
                    let count = RefCounts.snapshot(ofObjectAt: reference.target)?.strong,
                    count <= graph.strongReferenceCount(toNode: index)
                        + frameWords.count(where: { $0 == reference.target })
                else { return nil }
                chain[reference.target] = graph.retainNode(reference.target)
            }
            let owners = path.map(\.from).dropFirst().reversed().map { graph.retainNode($0) }.filter {
                !$0.kind.isClosure
            }
            let resumerNode = graph.retainNode(nodes.addresses[resumer])
            let what =
                resumerNode.name.hasSuffix("CheckedContinuationCanary")
                ? "its continuation" : "what resumes it (\(resumerNode.name))"
            holders.append(
                "\(what) is held only by "
                    + (owners.map(\.name) + ["this task"]).joined(separator: ", itself held only by "))
        }
        // Frame words may be stale: what else outside the check holds is looked for from its roots.
        let search = RootSearch(targets: chain, providers: others, inspector: inspector)
        guard !chain.keys.contains(where: search.reaches) else { return nil }
        return holders.joined(separator: "; ")
    }
}

/// The tasks made in a check that can never resume (``StuckTasks``), as roots of the path search, read before
/// the tasks that may still end: `Task made at File.swift:N, suspended for ever in Downloader.fetch() at
/// Downloader.swift:10 ─captures (strong)→` the object, with why nothing can resume it.
struct StuckTaskRoots: RootProvider {
    let tasks: [TaskClosures.Task]
    /// The continuations the runtime found misused while the check was open.
    let misuses: [ContinuationMisuse]
    /// The roots of what else may hold what could resume a task, but the tasks'.
    let others: [any RootProvider]

    var kind: RootKind { .stuckTask }

    func roots(holding targets: [UInt: RetainNode], inspector: HeapInspector) -> [HeapRoot] {
        let live = tasks.live
        return live.indices.compactMap { index in
            let made = live[index]
            let context = made.context.objectAddress
            guard let task = made.task else { return nil }
            let frames = StuckTasks.frames(ofTaskAt: task)
            guard !frames.isEmpty else { return nil }
            let held = made.captured(of: targets, inspector: inspector)
            var otherTasks = live
            otherTasks.remove(at: index)
            guard !held.isEmpty,
                let reason = StuckTasks.reason(
                    task: task, context: context, awaitingIn: frames.compactMap(\.function), misuses: misuses,
                    others: others + [TaskRoots(tasks: otherTasks)], inspector: inspector)
            else { return nil }
            let site = made.madeAt()
            let awaiting = StuckTasks.awaitSite(in: frames).map { " in \($0.function) at \($0)" } ?? ""
            let holder = RetainNode(
                address: context, name: "Task made at \(site), suspended for ever\(awaiting)", kind: .task)
            return HeapRoot(
                kind: .stuckTask, capturing: held, from: holder, site: "\(site)",
                detail: "nothing can resume it: \(reason)")
        }
    }
}
