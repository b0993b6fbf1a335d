/// Decides, for each tracked object still alive after settling, whether it
/// leaked and why.
struct Judge {
    /// Whether library work made in the check is still alive (subscriptions
    /// or resources): an object captured by a closure is a leak when it is held
    /// by a cycle, or when such work may be what holds it.
    let workStillAlive: Bool
    /// The closures handed to libraries in the check, to name them in cycles.
    var closures: ClosureTable? = nil

    func leaks(among survivors: [TrackedObject]) -> [Leak] {
        let analyses = survivors.map { object in
            (object, RetainAnalysis(root: object.address, rootName: object.typeName, inspector: HeapInspector(closures: closures)))
        }
        let cycles = analyses.filter { $0.1.cycle != nil && $0.1.isHeldOnlyByCycle }
        return analyses.compactMap { object, analysis in
            if object.site.origin == .closureCapture, analysis.cycle == nil, !workStillAlive {
                return nil
            }
            var kind: LeakKind = analysis.cycle != nil && analysis.isHeldOnlyByCycle ? .cycle : .retainedFromOutside
            var cycle = analysis.cycle, pattern = analysis.pattern
            // Held from outside its own cycle, but by another leaked cycle (a
            // bag kept by a leaked interactor): it is abandoned with that cycle.
            if kind == .retainedFromOutside,
               let holder = cycles.first(where: { $0.0 !== object && $0.1.reachable.contains(object.address) }) {
                kind = .cycle
                cycle = cycle ?? holder.1.cycle
                pattern = pattern ?? holder.1.pattern
            }
            return Leak(
                typeName: object.typeName,
                kind: kind,
                cycle: cycle,
                pattern: pattern,
                trackedAt: object.symbolicatedSite,
                address: object.address)
        }
    }
}
