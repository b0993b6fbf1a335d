/// Watches one object outside a ``LeakCheck`` block, for test helpers that
/// judge at teardown.
public final class LeakWatcher: @unchecked Sendable {
    private let tracked: TrackedObject

    /// Starts watching `object` (without keeping it alive).
    public init(_ object: AnyObject, file: StaticString = #fileID, line: UInt = #line) {
        tracked = TrackedObject(object, site: TrackingSite(origin: .explicit, file: file.description, line: line, operatorName: nil, backtrace: nil))
    }

    /// Settles pending work as ``SettlePolicy/drain`` does; returns what is
    /// still pending when it gave up (empty when everything settled).
    @discardableResult
    public static func settle(_ policy: SettlePolicy = .drain) -> [String] {
        Settler.settle(policy, sessions: LeakIntegrations.all.map { $0.makeSession(for: nil) })
    }

    /// The leak, when the object is still alive; `nil` when it is gone.
    public func verdict() -> Leak? {
        guard tracked.isAlive else { return nil }
        return Judge(workStillAlive: true).leaks(among: [tracked]).first
    }

    deinit { tracked.release() }
}
