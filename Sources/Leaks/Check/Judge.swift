/// Decides, for each tracked object still alive after settling, whether it
/// leaked and why.
struct Judge {
    /// Whether RxCore work made in the check is still alive (subscriptions or
    /// resources): an object captured by a closure is a leak when it is held by
    /// a cycle, or when such work may be what holds it.
    let rxStillAlive: Bool
    /// The closures handed to RxCore in the check, to name them in cycles.
    var closures: ClosureTable? = nil

    func leaks(among survivors: [TrackedObject]) -> [Leak] {
        survivors.compactMap { object in
            let analysis = RetainAnalysis(root: object.address, rootName: object.typeName, inspector: HeapInspector(closures: closures))
            let isCycle = analysis.cycle != nil && analysis.isHeldOnlyByCycle
            if object.site.origin == .closureCapture, analysis.cycle == nil, !rxStillAlive {
                return nil
            }
            return Leak(
                typeName: object.typeName,
                kind: isCycle ? .cycle : .retainedFromOutside,
                cycle: analysis.cycle,
                pattern: analysis.pattern,
                trackedAt: object.symbolicatedSite,
                address: object.address)
        }
    }
}
