/// Leak cases the guide does not spell out, which the same kind of code
/// meets every day.
enum BeyondTheGuide {
    static let scenarios: [Scenario] = [
        IgnoredDisposable.scenario,
        ShareForeverRetainsElement.scenario,
        NestedSubscribeGrowth.scenario,
        SingletonServiceBag.scenario,
        SingleValueNeverResumes.scenario,
        ValuesLoopKeepsOwner.scenario,
    ]

    /// Where these cases stand relative to the guide: the handbook's dispose-bag rules.
    static let handbook = "000_96c7dbaa37a9d1af.txt"
}
