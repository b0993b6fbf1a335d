/// The shapes of growth the engine tells apart, from what grows and what holds it, in words that name no
/// library; a container of subscriptions takes its library's pattern when an integration has one.
enum GrowthPatterns {
    static let observerNeverRemoved = LeakPattern(
        id: "growth-observer-never-removed", name: "a notification observer added on every run and never removed",
        source: nil,
        fix:
            "keep the token addObserver returns and remove it (NotificationCenter.default.removeObserver(token)) in deinit, or add the observer once"
    )
    static let subscriptionsIntoLongLivedBag = LeakPattern(
        id: "growth-subscription-into-long-lived-bag",
        name: "subscriptions disposed into a container of subscriptions that outlives the code that made them",
        source: nil,
        fix: "dispose into a container the subscribing object owns, which goes away with it"
    )
    static let unboundedReplay = LeakPattern(
        id: "growth-unbounded-replay", name: "a long-lived subject replays every element it was ever sent",
        source: nil, fix: "bound its replay buffer (a buffer size) or keep the subject only as long as its subscribers"
    )
    static let cacheKeyedByFreshValue = LeakPattern(
        id: "growth-cache-keyed-by-fresh-value",
        name: "a long-lived cache gets a new key on every run and evicts nothing", source: nil,
        fix: "key it by a stable identity, remove an entry when its work ends, or bound it (a size limit, NSCache)"
    )
    static let collectionKeepsEveryRun = LeakPattern(
        id: "growth-long-lived-collection", name: "a long-lived object keeps one more element on every run",
        source: nil,
        fix: "remove the element when the work it stands for ends, or bound the collection"
    )
    static let objectKeptEveryRun = LeakPattern(
        id: "growth-long-lived-holder", name: "a long-lived object keeps one more object on every run", source: nil,
        fix: "release what each run makes when it ends (remove it from the holder, or hold it weakly)"
    )

    static func pattern(for place: HeapCensus.Place, _ tally: HeapCensus.Tally) -> LeakPattern {
        if place.rootKind == .notificationObserver { return observerNeverRemoved }
        if tally.role == .subscriptionContainer || tally.kind == .subscriptionContainer {
            return LeakIntegrations.all.lazy.compactMap { $0.pattern(for: .containerSharedWithAnotherObject) }.first
                ?? subscriptionsIntoLongLivedBag
        }
        if tally.role == .subject || tally.kind == .subject { return unboundedReplay }
        guard tally.kind == .storage else { return objectKeptEveryRun }
        return tally.typeName?.hasPrefix(HeapNames.dictionaryStoragePrefix) == true
            ? cacheKeyedByFreshValue : collectionKeepsEveryRun
    }
}
