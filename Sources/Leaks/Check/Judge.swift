import Probes

/// Decides, for each tracked object still alive after settling, whether it
/// leaked and why.
struct Judge {
    /// Whether library work made in the check is still alive (subscriptions
    /// or resources): an object captured by a closure is a leak when it is held
    /// by a cycle, or when such work may be what holds it.
    let workStillAlive: Bool
    /// The closures handed to libraries in the check, to name them in cycles.
    var closures: ClosureTable? = nil
    /// What the check judges as released (see ``TrialRelease``): its
    /// references do not count as holding anything.
    var trial = TrialRelease.none
    /// The timers made in the check, searched as roots before the globals (``TimerHolders``).
    var timers: [RootSearch.Root] = []
    /// The tasks made in the check, whose closures may hold what it made (``TaskClosures``).
    var tasks: [TaskClosures.Task] = []
    /// The blocks given to `asyncAfter` in the check, whose captures may hold what it made (``DispatchBlocks``).
    var blocks: [DispatchBlocks.Block] = []

    /// The most objects read, over every graph read for objects made in the check.
    static let madeObjectsNodeBudget = 5_000_000

    /// The leaks, the objects that need a fix first: an object that leaked
    /// only because another leaked object holds it (or that a leaked object
    /// reaches while something outside holds it too, such as a singleton)
    /// comes after that object, which it names in `heldBy`.
    ///
    /// Objects made in the check are judged while the graphs read for them
    /// stay within ``madeObjectsNodeBudget``: a test that leaves a large
    /// structure in a cache would otherwise read it once per object in it.
    /// `unjudged` counts those left out. `keptFrom` gets, for each object
    /// kept by design that a global or static holds, that global's name.
    func leaks(among survivors: [TrackedObject], unjudged: inout Int, keptFrom: inout [UInt: String]) -> [Leak] {
        var read = 0
        let analyses = survivors.compactMap { object -> (TrackedObject, RetainAnalysis)? in
            if object.origin == .allocated, read >= Self.madeObjectsNodeBudget {
                unjudged += 1
                return nil
            }
            let analysis = RetainAnalysis(
                root: object.address, rootName: object.typeName, inspector: HeapInspector(closures: closures),
                trial: trial)
            if object.origin == .allocated { read += analysis.graph.nodes.count }
            return (object, analysis)
        }
        let cycles = analyses.filter { $0.1.cycle != nil && $0.1.isHeldOnlyByCycle }
        // Read once, and only when an object made in the check is left with no cycle (the roots: or on a
        // cycle that something outside holds too).
        var observers: ObserverTable?
        var roots: RootSearch?
        var stacks: ThreadStacks?
        // An object a leaked cycle reaches is listed under it, whatever else may hold it.
        let heldByCycles = { (object: TrackedObject) in
            cycles.contains { $0.0 !== object && $0.1.graph.nodes.contains(object.address) }
        }
        let unexplained = Set(
            analyses.filter { $0.0.origin == .allocated && $0.1.cycle == nil && !heldByCycles($0.0) }.map(\.0.address))
        // Made in the check, on a cycle, and held from outside too: a singleton made lazily that
        // captures itself is kept by its static whatever its cycle does.
        let cyclesHeldFromOutside = Set(
            analyses.filter {
                $0.0.origin == .allocated && $0.1.cycle != nil && !$0.1.isHeldOnlyByCycle && !heldByCycles($0.0)
            }.map(\.0.address))
        let searched = unexplained.union(cyclesHeldFromOutside)
        let leaks: [Leak] = analyses.compactMap { object, analysis in
            if object.origin == .closureCapture, analysis.cycle == nil, !workStillAlive {
                return nil
            }
            // An object made in the check and held from outside without a
            // cycle is blamed only on work it keeps that holds it; otherwise
            // it may be kept by design (a cache, a singleton).
            if object.origin == .allocated, analysis.cycle == nil, unexplained.contains(object.address) {
                let inspector = HeapInspector(closures: closures)
                guard let hidden = HiddenHolder(root: object.address, graph: analysis.graph, inspector: inspector)
                else {
                    let node = analysis.graph.retainNode(object.address)
                    // A task's closure is read through its context: it goes before the globals' search.
                    if let path = TaskClosures.path(to: node, among: tasks, inspector: inspector) {
                        return Self.leak(object, heldFrom: path, pattern: TaskClosures.pattern)
                    }
                    if let path = DispatchBlocks.path(to: node, among: blocks, inspector: inspector) {
                        return Self.leak(object, heldFrom: path, pattern: DispatchBlocks.pattern)
                    }
                    // A global's path is read reference by reference: it goes before the observer table's word scan.
                    roots = roots ?? RootSearch(targets: searched, inspector: inspector, timers: timers)
                    if let held = roots?.explanation(of: object.address, closures: closures) {
                        guard held.isThroughClosure, let path = held.path else {
                            keptFrom[object.address] = held.root.name
                            return nil
                        }
                        return Self.leak(object, heldFrom: path, pattern: Self.pattern(of: held.root))
                    }
                    // A stack word says what refers to it, not whether the thread's closure captured it: kept, named.
                    // It goes before the observer table's scan, whose hits in memory that is no Swift object count.
                    stacks = stacks ?? ThreadStacks(targets: unexplained)
                    if let thread = stacks?.holder(of: object.address) {
                        keptFrom[object.address] = "the stack of \(thread)"
                        return nil
                    }
                    observers = observers ?? ObserverTable()
                    guard let path = observers?.path(to: node, inspector: inspector) else { return nil }
                    return Self.leak(object, heldFrom: path, pattern: ObserverTable.pattern)
                }
                // A running task is also held by the runtime; a work item's block only by its owner.
                let kind: LeakKind = hidden.work == .task ? .retainedFromOutside : .cycle
                let cause = LeakCause(cycle: hidden.cycle, pattern: hidden.work.pattern)
                var leak = Leak(
                    typeName: object.typeName, kind: kind, cycle: cause.cycle, pattern: hidden.work.pattern,
                    trackedAt: object.symbolicatedSite, address: object.address)
                leak.causes = [cause]
                return leak
            }
            if cyclesHeldFromOutside.contains(object.address) {
                roots =
                    roots ?? RootSearch(targets: searched, inspector: HeapInspector(closures: closures), timers: timers)
                // Plain stored data from a global keeps it: breaking its cycle would not free it.
                if let held = roots?.explanation(of: object.address, closures: closures) {
                    guard held.isThroughClosure else {
                        keptFrom[object.address] = held.root.name
                        return nil
                    }
                    // A timer's block keeps it whatever its cycle does: the block's capture is the fix.
                    if held.root.kind == .timer, let path = held.path {
                        return Self.leak(object, heldFrom: path, pattern: Self.pattern(of: held.root))
                    }
                }
            }
            let ownCycle = analysis.cycle != nil && analysis.isHeldOnlyByCycle
            var kind: LeakKind = ownCycle ? .cycle : .retainedFromOutside
            var cycle = analysis.cycle, pattern = analysis.pattern
            var heldBy: UInt?
            var causes = analysis.causes, unlistedCauses = analysis.unlistedCauses
            let holders = cycles.filter { $0.0 !== object && $0.1.graph.nodes.contains(object.address) }
            if !ownCycle, let holder = holders.first {
                heldBy = holder.0.address
                causes = []
                unlistedCauses = 0
                // Held by leaked cycles alone (a bag kept by a leaked
                // interactor): it is abandoned with them. Held from outside as
                // well (a singleton a leaked closure captured): retained from
                // outside at most, never blamed on a cycle it is not on.
                if outsideReferences(to: object.address, besides: holders.map(\.1.graph)) == 0 {
                    kind = .cycle
                    cycle = cycle ?? holder.1.cycle
                    pattern = pattern ?? holder.1.pattern
                }
            } else if kind == .retainedFromOutside {
                let count = outsideReferences(to: object.address, besides: [analysis.graph])
                let holders = count > 0 ? "\(count) strong reference(s) from" : "objects of its cycle held by"
                causes.append(
                    LeakCause(
                        outsideHolder: "\(holders) what the check did not read "
                            + "(a global or static, a singleton, a long-lived object, or work still pending)"))
            }
            var leak = Leak(
                typeName: object.typeName,
                kind: kind,
                cycle: cycle,
                pattern: pattern,
                trackedAt: object.symbolicatedSite,
                address: object.address,
                heldBy: heldBy)
            leak.causes = causes
            leak.unlistedCauses = unlistedCauses
            return leak
        }
        return leaks.filter { $0.heldBy == nil } + leaks.filter { $0.heldBy != nil }
    }

    /// The pattern of an object that a closure `root` keeps holds.
    private static func pattern(of root: RootSearch.Root) -> LeakPattern {
        root.kind == .timer ? TimerHolders.pattern : RootSearch.pattern
    }

    /// `object`, retained from outside the check along `path`: by a closure that a global, a timer, a task, a pending
    /// block or the notification center keeps.
    private static func leak(_ object: TrackedObject, heldFrom path: RetainCycle, pattern: LeakPattern) -> Leak {
        var leak = Leak(
            typeName: object.typeName, kind: .retainedFromOutside, cycle: nil, pattern: pattern,
            trackedAt: object.symbolicatedSite, address: object.address)
        leak.causes = [LeakCause(path: path, pattern: pattern)]
        return leak
    }

    /// The strong references to `address` that do not come from the objects of `graphs`.
    private func outsideReferences(to address: UInt, besides graphs: [RetainGraph]) -> Int {
        var seen: Set<UInt> = []
        var inside = 0
        for nodes in graphs.map(\.nodes) {
            for index in 0..<nodes.count where seen.insert(nodes.addresses[index]).inserted {
                inside += nodes.referenceRange(ofNode: index).count {
                    nodes.references[$0].kind == .strong && nodes.references[$0].target == address
                }
            }
        }
        return max(0, (trial.strongCount(ofObjectAt: address) ?? 0) - inside)
    }
}
