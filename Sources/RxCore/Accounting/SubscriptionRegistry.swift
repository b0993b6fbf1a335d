import Foundation
import Synchronization

/// Every live subscription made through `subscribe`, `bind`, `drive` or `emit`.
///
/// An entry is added when the subscription is made and removed when it is
/// disposed or its sequence terminates.
public enum SubscriptionRegistry {
    private static let entries = Mutex<[UInt64: LiveSubscription]>([:])
    private static let nextID = Atomic<UInt64>(1)

    /// Captures a raw backtrace for each new subscription when set (the leak
    /// engine sets it when backtraces are switched on).
    nonisolated(unsafe) public static var backtraceCapture: (@Sendable () -> [UInt])?

    /// The live subscriptions, oldest first.
    public static var live: [SubscriptionRecord] {
        entries.withLock { Array($0.values) }.map(\.record).sorted { $0.id < $1.id }
    }

    /// The live subscriptions made inside `scope`, oldest first.
    public static func live(in scope: ResourceScope) -> [SubscriptionRecord] {
        entries.withLock { $0.values.filter { $0.scope === scope } }.map(\.record).sorted { $0.id < $1.id }
    }

    /// The number of live subscriptions.
    public static var count: Int { entries.withLock { $0.count } }

    static func register(verb: String, chain: OperatorChain, site: CallSite) -> LiveSubscription {
        let entry = LiveSubscription(
            id: nextID.wrappingAdd(1, ordering: .relaxed).oldValue,
            verb: verb, chain: chain, site: site,
            scope: ResourceScope.attributable,
            backtrace: backtraceCapture?())
        entries.withLock { $0[entry.id] = entry }
        return entry
    }

    static func unregister(_ entry: LiveSubscription) {
        _ = entries.withLock { $0.removeValue(forKey: entry.id) }
    }
}

/// A live subscription as the registry keeps it.
final class LiveSubscription: @unchecked Sendable {
    let id: UInt64
    let verb: String
    let chain: OperatorChain
    let site: CallSite
    let scope: ResourceScope?
    let backtrace: [UInt]?
    let createdAt = Date()
    private let ownerLock = Mutex<DisposeBag.Identity?>(nil)

    init(id: UInt64, verb: String, chain: OperatorChain, site: CallSite, scope: ResourceScope?, backtrace: [UInt]?) {
        self.id = id
        self.verb = verb
        self.chain = chain
        self.site = site
        self.scope = scope
        self.backtrace = backtrace
    }

    var owner: DisposeBag.Identity? {
        get { ownerLock.withLock { $0 } }
        set { ownerLock.withLock { $0 = newValue } }
    }

    var record: SubscriptionRecord {
        SubscriptionRecord(
            id: id, site: site, verb: verb, chain: chain.appending(verb),
            owner: owner, scopeName: scope?.name, createdAt: createdAt, backtrace: backtrace)
    }
}

/// A live subscription: where it was made, through which operators, and which
/// bag owns it.
public struct SubscriptionRecord: Sendable, Identifiable, Equatable, CustomStringConvertible {
    /// A process-wide number, in order of creation.
    public let id: UInt64
    /// Where `subscribe`, `bind`, `drive` or `emit` was called.
    public let site: CallSite
    /// Which of `subscribe`, `bind`, `drive`, `emit` made it.
    public let verb: String
    /// The operator chain, such as `PublishSubject<Int> → map → filter → subscribe`.
    public let chain: String
    /// The bag that owns the subscription, or `nil` when nothing owns it.
    public let owner: DisposeBag.Identity?
    /// The name of the ``ResourceScope`` it was made in, if any.
    public let scopeName: String?
    /// When it was made.
    public let createdAt: Date
    /// The raw return addresses captured when it was made, when backtraces are on.
    public let backtrace: [UInt]?

    /// `#3 PublishSubject<Int> → map → subscribe at File.swift:12, owned by DisposeBag#2 (File.swift:4)`.
    public var description: String {
        "#\(id) \(chain) at \(site), " + (owner.map { "owned by \($0)" } ?? "not owned")
    }
}
