import Synchronization

/// Work that a library makes outside any leak check's block, attributed to
/// an open check that a test runner names: for tests that run in parallel in
/// one process and cannot be wrapped in a check's block (Swift Testing's,
/// in LeakTesting's whole-suite mode).
public enum UnscopedWork {
    private static let resolver = Mutex<(@Sendable () -> OpenLeakCheck?)?>(nil)
    private static let finder = Mutex<(@Sendable () -> OpenLeakCheck?)?>(nil)

    /// Attributes work made outside any check's block, and outside the open
    /// check that is ambient (``OpenLeakCheck/init(_:ambient:closureBudget:)``), to the open
    /// check `resolve` returns on the thread or task making it; `nil` stops.
    /// `resolve` runs whenever a library makes something outside a check, so
    /// it must be quick. Integrations registered later are told too. `existing`, when given, names the
    /// check `resolve` would without opening one: a task is attributed to a check only once its test made
    /// something (a test runner runs each test in a task of its own).
    public static func attribute(
        to resolve: (@Sendable () -> OpenLeakCheck?)?, existing: (@Sendable () -> OpenLeakCheck?)? = nil
    ) {
        finder.withLock { $0 = resolve == nil ? nil : existing }
        let change = resolver.withLock { current -> Int in
            defer { current = resolve }
            return (resolve == nil ? 0 : 1) - (current == nil ? 0 : 1)
        }
        // Objects made while a resolver is set may be some test's.
        if change > 0 {
            _ = AllocationTracking.begin()
        } else if change < 0 {
            AllocationTracking.end()
            AllocationTracking.endWatchingContinuations()
        }
        for (index, integration) in LeakIntegrations.all.enumerated() {
            tell(integration, at: index, resolve)
        }
    }

    /// The open check the resolver names on this thread or task, if one is set.
    static func resolve() -> OpenLeakCheck? {
        guard let resolve = resolver.withLock({ $0 }) else { return nil }
        return resolve()
    }

    /// The open check the resolver would name on this thread or task, when it is already open.
    static func existing() -> OpenLeakCheck? {
        guard let find = finder.withLock({ $0 }) else { return nil }
        return find()
    }

    /// Tells an integration registered at `index` about the resolver, if one is set.
    static func integrationRegistered(_ integration: any LeakIntegration, at index: Int) {
        guard let resolve = resolver.withLock({ $0 }) else { return }
        tell(integration, at: index, resolve)
    }

    private static func tell(
        _ integration: any LeakIntegration, at index: Int, _ resolve: (@Sendable () -> OpenLeakCheck?)?
    ) {
        integration.attributeUnscopedWork(to: resolve.map { resolve in { @Sendable in resolve()?.session(at: index) } })
    }
}
