import Probes

/// Decides, for each tracked object still alive after settling, whether it
/// leaked and why: it analyses each survivor's retain graph, finds the
/// cycles, searches the roots (``RootSearch``) for what is held from outside
/// with no cycle to explain it, and turns each into a leak or an object kept by design.
struct Judge {
    /// Whether library work made in the check is still alive (subscriptions
    /// or resources): an object captured by a closure is a leak when it is held
    /// by a cycle, or when such work may be what holds it.
    let workStillAlive: Bool
    /// The closures handed to libraries in the check, to name them in cycles.
    var closures: ClosureTable? = nil
    /// The tasks made in the check, to name a task an object keeps where it was made.
    var tasks: [TaskClosures.Task] = []
    /// What the check judges as released (see ``TrialRelease``): its
    /// references do not count as holding anything.
    var trial = TrialRelease.none
    /// What is searched for the holders outside the check of what it made: one provider per holder kind,
    /// in any order (each kind's ``RootKind/priority`` orders the search).
    var roots: [any RootProvider] = []
    /// The most objects the root search reads (``RootSearch/nodeBudget``).
    var rootSearchBudget = RootSearch.nodeBudget

    /// The most objects read, over every graph read for objects made in the check.
    static let madeObjectsNodeBudget = 5_000_000

    /// What a check's survivors come to.
    struct Verdicts {
        /// The leaks, the objects that need a fix first: an object that leaked
        /// only because another leaked object holds it (or that a leaked object
        /// reaches while something outside holds it too, such as a singleton)
        /// comes after that object, which it names in `heldBy`.
        var leaks: [Leak] = []
        /// Objects made in the check left out once the graphs read for the others
        /// reached ``madeObjectsNodeBudget``: a test that leaves a large structure
        /// in a cache would otherwise read it once per object in it.
        var unjudged = 0
        /// Objects made in the check, held from outside, that no root was found
        /// holding while the root search was cut short (``RootSearch/nodeBudget``):
        /// neither a leak nor kept by design.
        var unsearched = 0
        /// For each object kept by design that a root holds, that root's name.
        var keptFrom: [UInt: String] = [:]
    }

    /// The verdicts on `survivors`: analyse each, find the cycles, search the
    /// roots for the objects held from outside, and judge each.
    func verdicts(among survivors: [TrackedObject]) -> Verdicts {
        var verdicts = Verdicts()
        let analyses = analyse(survivors, unjudged: &verdicts.unjudged)
        let cycles = analyses.filter { $0.1.cycle != nil && $0.1.isHeldOnlyByCycle }
        // An object a leaked cycle reaches is listed under it, whatever else may hold it.
        let heldByCycles = { (object: TrackedObject) in
            cycles.contains { $0.0 !== object && $0.1.graph.nodes.contains(object.address) }
        }
        let madeAndFree = analyses.filter { $0.0.origin == .allocated && !heldByCycles($0.0) }
        // Made in the check and held from outside without a cycle: blamed only on work it
        // keeps that holds it (a cycle hidden from reflection), or on a root that holds it
        // through a closure; otherwise it may be kept by design (a cache, a singleton).
        let unexplained = madeAndFree.filter { $0.1.cycle == nil }
        let inspector = HeapInspector(closures: closures)
        let hidden = Dictionary(
            uniqueKeysWithValues: unexplained.compactMap { object, analysis in
                HiddenHolder(root: object.address, graph: analysis.graph, inspector: inspector, tasks: tasks).map {
                    (object.address, $0)
                }
            })
        // On a cycle and held from outside too: a singleton made lazily that captures
        // itself is kept by its static whatever its cycle does.
        let onCycle = Set(madeAndFree.filter { $0.1.cycle != nil && !$0.1.isHeldOnlyByCycle }.map(\.0.address))
        let searched = madeAndFree.filter {
            hidden[$0.0.address] == nil && ($0.1.cycle == nil || onCycle.contains($0.0.address))
        }
        let search = RootSearch(
            targets: Dictionary(
                uniqueKeysWithValues: searched.map { ($0.0.address, $0.1.graph.retainNode($0.0.address)) }),
            onCycle: onCycle, providers: roots, inspector: inspector, budget: rootSearchBudget)
        let leaks: [Leak] = analyses.compactMap { object, analysis in
            if object.origin == .closureCapture, analysis.cycle == nil, !workStillAlive {
                return nil
            }
            if let hidden = hidden[object.address] { return Self.leak(object, keeping: hidden) }
            let isOnCycle = onCycle.contains(object.address)
            switch search.explanation(of: object.address, closures: closures)?.verdict(onOwnCycle: isOnCycle) {
            case .leak(let path, let pattern, let fixedOnThePath):
                return Self.leak(object, heldFrom: path, pattern: pattern, fixedOnThePath: fixedOnThePath)
            case .keptByDesign(let root):
                verdicts.keptFrom[object.address] = root
                return nil
            case .ownCycle:
                break
            case nil where search.isTarget(object.address) && !isOnCycle:
                // Held from outside, by no root found: kept, unless the search stopped short of its holder.
                if search.isCutShort { verdicts.unsearched += 1 }
                return nil
            case nil:
                break
            }
            return judgedByCycles(object, analysis, cycles: cycles)
        }
        verdicts.leaks = leaks.filter { $0.heldBy == nil } + leaks.filter { $0.heldBy != nil }
        return verdicts
    }

    /// Each survivor's retain analysis, while the graphs read for the objects made in the check stay within
    /// ``madeObjectsNodeBudget``; `unjudged` counts those left out.
    private func analyse(_ survivors: [TrackedObject], unjudged: inout Int) -> [(TrackedObject, RetainAnalysis)] {
        var read = 0
        return survivors.compactMap { object -> (TrackedObject, RetainAnalysis)? in
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
    }

    /// `object` judged by its own cycle, or by the leaked cycles that reach it, else as held from outside.
    private func judgedByCycles(
        _ object: TrackedObject, _ analysis: RetainAnalysis, cycles: [(TrackedObject, RetainAnalysis)]
    ) -> Leak {
        let ownCycle = analysis.cycle != nil && analysis.isHeldOnlyByCycle
        var kind: LeakKind = ownCycle ? .cycle : .retainedFromOutside
        var cycle = analysis.cycle, pattern = analysis.pattern
        var heldBy: UInt?
        var causes = analysis.causes, unlistedCauses = analysis.unlistedCauses
        let holders = cycles.filter { $0.0 !== object && $0.1.graph.nodes.contains(object.address) }
        // On the cycle of an object judged before it (a subscriber and the subscription it keeps, each
        // made in the check): one cycle, one fix, listed under that object.
        let sharedCycle = cycles.prefix { $0.0 !== object }.first { other in
            other.1.cycle?.edges.contains { $0.from.address == object.address } ?? false
        }
        if ownCycle, let sharedCycle {
            heldBy = sharedCycle.0.address
            causes = []
            unlistedCauses = 0
        } else if !ownCycle, let holder = holders.first {
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

    /// `object`, on a cycle through work it keeps (``HiddenHolder``). A running task is also held by the
    /// runtime; a work item's block only by its owner.
    private static func leak(_ object: TrackedObject, keeping hidden: HiddenHolder) -> Leak {
        let kind: LeakKind = hidden.work == .task ? .retainedFromOutside : .cycle
        let cause = LeakCause(cycle: hidden.cycle, pattern: hidden.work.pattern)
        var leak = Leak(
            typeName: object.typeName, kind: kind, cycle: cause.cycle, pattern: hidden.work.pattern,
            trackedAt: object.symbolicatedSite, address: object.address)
        leak.causes = [cause]
        return leak
    }

    /// `object`, retained from outside the check along `path`: by a closure that a global, a timer, a task, a pending
    /// block or the notification center keeps; the path's last capture is the fix when `fixedOnThePath`.
    private static func leak(
        _ object: TrackedObject, heldFrom path: RetainCycle, pattern: LeakPattern?, fixedOnThePath: Bool
    ) -> Leak {
        var leak = Leak(
            typeName: object.typeName, kind: .retainedFromOutside, cycle: nil, pattern: pattern,
            trackedAt: object.symbolicatedSite, address: object.address)
        leak.causes = [LeakCause(path: path, pattern: pattern, markingTheFix: fixedOnThePath)]
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
