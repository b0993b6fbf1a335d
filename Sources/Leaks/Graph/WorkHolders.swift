/// What still holds the subscriptions a check left alive when it leaked no
/// object, found as a leaked object's holder is: the path from a global or
/// static of the code under test down to the subscription (``RootSearch``),
/// else the retain cycle the subscription is on (``RetainAnalysis``).
enum WorkHolders {
    /// `subscriptions`, each with its ``LiveSubscription/holder`` when one is found.
    static func explaining(_ subscriptions: [LiveSubscription], closures: ClosureTable?, trial: TrialRelease)
        -> [LiveSubscription]
    {
        guard subscriptions.contains(where: { $0.address != nil }) else { return subscriptions }
        let roots = RootSearch(
            targets: Dictionary(
                subscriptions.compactMap { subscription in
                    subscription.address.map {
                        ($0, RetainNode(address: $0, name: "subscription #\(subscription.id)", kind: .subscription))
                    }
                }, uniquingKeysWith: { first, _ in first }), providers: [GlobalRoots()],
            inspector: HeapInspector(closures: closures))
        return subscriptions.map { subscription in
            guard let address = subscription.address else { return subscription }
            var explained = subscription
            if let held = roots.explanation(of: address, closures: closures, showingPlainData: true),
                let path = held.path
            {
                explained.holder = LeakCause(holdingWork: path, fromGlobal: true, global: held.root.variable)
            } else {
                let analysis = RetainAnalysis(
                    root: address, rootName: "subscription #\(subscription.id)",
                    inspector: HeapInspector(closures: closures), trial: trial)
                explained.holder = analysis.cycle.map { LeakCause(holdingWork: $0, fromGlobal: false) }
            }
            return explained
        }
    }
}
