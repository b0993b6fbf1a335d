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

    /// The leaks, the objects that need a fix first: an object that leaked
    /// only because another leaked object holds it (or that a leaked object
    /// reaches while something outside holds it too, such as a singleton)
    /// comes after that object, which it names in `heldBy`.
    func leaks(among survivors: [TrackedObject]) -> [Leak] {
        let analyses = survivors.map { object in
            (object, RetainAnalysis(root: object.address, rootName: object.typeName, inspector: HeapInspector(closures: closures)))
        }
        let cycles = analyses.filter { $0.1.cycle != nil && $0.1.isHeldOnlyByCycle }
        let leaks: [Leak] = analyses.compactMap { object, analysis in
            if object.site.origin == .closureCapture, analysis.cycle == nil, !workStillAlive {
                return nil
            }
            let ownCycle = analysis.cycle != nil && analysis.isHeldOnlyByCycle
            var kind: LeakKind = ownCycle ? .cycle : .retainedFromOutside
            var cycle = analysis.cycle, pattern = analysis.pattern
            var heldBy: UInt?
            let holders = cycles.filter { $0.0 !== object && $0.1.graph.nodes[object.address] != nil }
            if !ownCycle, let holder = holders.first {
                heldBy = holder.0.address
                // Held by leaked cycles alone (a bag kept by a leaked
                // interactor): it is abandoned with them. Held from outside as
                // well (a singleton a leaked closure captured): retained from
                // outside at most, never blamed on a cycle it is not on.
                if Self.isHeldOnly(object.address, by: holders.map(\.1.graph)) {
                    kind = .cycle
                    cycle = cycle ?? holder.1.cycle
                    pattern = pattern ?? holder.1.pattern
                }
            }
            return Leak(
                typeName: object.typeName,
                kind: kind,
                cycle: cycle,
                pattern: pattern,
                trackedAt: object.symbolicatedSite,
                address: object.address,
                heldBy: heldBy)
        }
        return leaks.filter { $0.heldBy == nil } + leaks.filter { $0.heldBy != nil }
    }

    /// Whether every strong reference to `address` comes from the objects of `graphs`.
    private static func isHeldOnly(_ address: UInt, by graphs: [RetainGraph]) -> Bool {
        var holders: [UInt: HeapNode] = [:]
        for graph in graphs { holders.merge(graph.nodes) { first, _ in first } }
        let inside = holders.values.reduce(0) { count, node in
            count + node.references.filter { $0.kind == .strong && $0.target == address }.count
        }
        return (RefCounts.snapshot(ofObjectAt: address)?.strong ?? 0) <= inside
    }
}
