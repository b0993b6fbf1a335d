/// Work scheduled inside a ``ResourceScope`` that has neither run nor been
/// cancelled: what a leak check that does not settle names, so that its user
/// knows which subscription to dispose.
public struct PendingWorkRecord: Sendable, CustomStringConvertible {
    /// What the work is, such as `a periodic timer every 1.0 s`.
    public let work: String
    /// The scheduler it waits on, such as `SerialDispatchQueueScheduler "refresh"`.
    public let scheduler: String
    /// The subscription it was scheduled for; `nil` for work scheduled outside
    /// any subscription (by an element a subject was sent from user code, say).
    public let subscription: SubscriptionOrigin?

    /// `a periodic timer every 1.0 s on SerialDispatchQueueScheduler "refresh", for subscription #3 interval<Int> → subscribe at File.swift:12`.
    public var description: String {
        "\(work) on \(scheduler), "
            + (subscription.map { "for \($0)" }
                ?? "scheduled by an element sent from outside a subscription (see the live subscriptions)")
    }
}

/// The subscription on whose behalf work is scheduled: the one being made
/// while its chain subscribes (an `interval` starts its timer then), and,
/// carried by the scheduled work, the one whose work runs.
public struct SubscriptionOrigin: Sendable, CustomStringConvertible {
    /// The subscription's number in the ``SubscriptionRegistry``.
    public let id: UInt64
    /// What made it, such as `subscribe`, `bind` or `drive`.
    public let verb: String
    /// The operators it goes through.
    public let chain: OperatorChain
    /// Where it was made.
    public let site: CallSite

    /// `subscription #3 interval<Int> → subscribe at File.swift:12`.
    public var description: String { "subscription #\(id) \(chain.appending(verb)) at \(site)" }

    /// Set only while a leak check or another scope is running: outside
    /// them nobody asks, and subscribing stays free of task-local writes.
    @TaskLocal static var current: SubscriptionOrigin?
}

/// To whom scheduled work belongs: the scope that scheduled it and the
/// subscription it was scheduled for. Work runs with both restored, so
/// what it schedules in turn belongs to them too.
struct WorkAttribution: Sendable {
    let scope: ResourceScope?
    let origin: SubscriptionOrigin?

    /// The current scope and, inside one, the current subscription.
    @inline(__always)
    static var current: WorkAttribution {
        let scope = ResourceScope.attributable
        return WorkAttribution(scope: scope, origin: scope == nil ? nil : SubscriptionOrigin.current)
    }

    /// Runs `body` as the work's owner's.
    @inline(__always)
    func run<T>(_ body: () throws -> T) rethrows -> T {
        guard let scope else { return try body() }
        guard let origin else { return try scope.run(body) }
        return try scope.run { try SubscriptionOrigin.$current.withValue(origin, operation: body) }
    }
}
