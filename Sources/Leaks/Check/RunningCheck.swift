import RxCore

/// One leak check from start to verdict.
final class RunningCheck {
    let scope: LeakScope
    let resourceScope: ResourceScope
    private let before: ResourceCounts.Moment

    init(name: String) {
        scope = LeakScope(name: name, backtraces: Backtraces.isEnabled)
        resourceScope = ResourceScope(name: name, observer: ClosureCaptureTracker(scope: scope))
        before = ResourceCounts.Moment.now(tracked: [])
    }

    /// Runs the block inside the check's resource scope; returns what it threw.
    func execute(_ body: (LeakScope) throws -> Void) -> Error? {
        do {
            try resourceScope.run { try LeakScope.$current.withValue(scope) { try body(scope) } }
            return nil
        } catch {
            return error
        }
    }

    func execute(isolation: isolated (any Actor)?, _ body: (LeakScope) async throws -> Void) async -> Error? {
        do {
            try await resourceScope.run(isolation: isolation) {
                try await LeakScope.$current.withValue(scope, operation: { try await body(scope) }, isolation: isolation)
            }
            return nil
        } catch {
            return error
        }
    }

    func finish(settle: SettlePolicy, thrown: Error?) -> LeakReport {
        let tracked = scope.trackedObjects
        let afterTeardown = ResourceCounts.Moment.now(tracked: tracked)
        let aliveBeforeSettling = Set(tracked.filter(\.isAlive).map(\.address))
        let unsettled = Settler.settle(settle)
        let afterSettling = ResourceCounts.Moment.now(tracked: tracked)

        let liveSubscriptions = SubscriptionRegistry.live(in: resourceScope)
        let resourceDelta = resourceScope.liveResources
        let survivors = tracked.filter(\.isAlive)
        let releasedLate = tracked.filter { aliveBeforeSettling.contains($0.address) && !$0.isAlive }.map(\.typeName)
        let leaks = Judge(rxStillAlive: !liveSubscriptions.isEmpty || resourceDelta != 0).leaks(among: survivors)
        defer { tracked.forEach { $0.release() } }

        return LeakReport(
            name: scope.name,
            leaks: leaks,
            releasedLate: releasedLate,
            resourceDelta: resourceDelta,
            liveSubscriptions: liveSubscriptions,
            counts: ResourceCounts(before: before, afterTeardown: afterTeardown, afterSettling: afterSettling),
            thrownError: thrown.map { "\($0)" },
            unsettled: unsettled,
            problems: scope.problems)
    }
}

extension ResourceCounts.Moment {
    static func now(tracked: [TrackedObject]) -> Self {
        let families = Resources.snapshot().byFamily
        return Self(
            subscriptions: SubscriptionRegistry.count,
            sinks: families[.sink] ?? 0,
            subjects: families[.subject] ?? 0,
            disposables: families[.disposable] ?? 0,
            observables: families[.observable] ?? 0,
            trackedObjects: tracked.filter(\.isAlive).count,
            total: Int(Resources.total))
    }
}
