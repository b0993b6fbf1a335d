import Foundation
import Synchronization

/// Every live subscription made through `subscribe`, `bind`, `drive` or `emit`.
///
/// An entry is added when the subscription is made and removed when it is
/// disposed or its sequence terminates, or when its source goes away without
/// terminating and nothing holds the subscription any more.
public enum SubscriptionRegistry {
    /// The live handles, unretained (each removes itself when its subscription
    /// ends, or at the latest in its `deinit`), in no particular order.
    /// A handle knows its slot; removal empties the slot for reuse rather than
    /// moving another handle into it, which would touch that handle's (often
    /// cold) memory to update its index.
    private struct Storage {
        /// An occupied slot holds the handle's address (even); an empty one
        /// `(next empty slot << 1) | 1`, so the empty slots chain through the
        /// array itself without a second, growing list.
        var slots: [Int] = []
        /// The last emptied slot, -1 when none is empty.
        var firstFree = -1
        /// Occupied slots.
        var liveCount = 0
        /// The last subscription number given.
        var lastID: UInt64 = 0

        /// The handles in the occupied slots.
        var handles: some Sequence<Unmanaged<SubscriptionHandle>> {
            slots.lazy.filter { $0 & 1 == 0 }.map { Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: $0)!) }
        }
    }

    /// Taken twice per subscription (to register, to unregister), so a
    /// ``SpinLocked`` rather than a `Mutex`.
    private static let storage = SpinLocked(Storage())

    /// Captures a raw backtrace for each new subscription when set (the leak
    /// engine sets it when backtraces are switched on).
    @exclusivity(unchecked) nonisolated(unsafe) public static var backtraceCapture: (@Sendable () -> [UInt])?

    /// The live subscriptions, oldest first.
    public static var live: [SubscriptionRecord] { records { _ in true } }

    /// The live subscriptions made inside `scope`, oldest first.
    public static func live(in scope: ResourceScope) -> [SubscriptionRecord] { records { $0 === scope } }

    /// The number of live subscriptions.
    public static var count: Int { storage.withLock { $0.liveCount } }

    /// The raw fields are copied under the lock (a handle being freed waits in
    /// `unregister` meanwhile, so each one read is intact); text is built outside.
    private static func records(where isIncluded: (ResourceScope?) -> Bool) -> [SubscriptionRecord] {
        let raw = storage.withLock { storage in
            storage.handles.compactMap { handle in
                handle._withUnsafeGuaranteedRef { isIncluded($0.scope) ? RawRecord($0) : nil }
            }
        }
        return raw.map(\.record).sorted { $0.id < $1.id }
    }

    /// The current time as seconds since 1970, without going through `Date`;
    /// the coarse clock (a few milliseconds' resolution, enough for when a
    /// subscription was made) is read without the precise clock's TSC work.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func register(_ handle: SubscriptionHandle) {
        let address = Int(bitPattern: Unmanaged.passUnretained(handle).toOpaque())
        storage.withLock { storage in
            storage.lastID += 1
            handle.id = storage.lastID
            storage.liveCount += 1
            let index = storage.firstFree
            if index >= 0 {
                storage.firstFree = storage.slots[index] >> 1
                storage.slots[index] = address
                handle.registryIndex = index
            } else {
                handle.registryIndex = storage.slots.count
                storage.slots.append(address)
            }
        }
    }

    /// Removes `handle`'s record; does nothing when it is already out.
    static func unregister(_ handle: SubscriptionHandle) {
        storage.withLock { storage in
            let index = handle.registryIndex
            guard index >= 0 else { return }
            handle.registryIndex = -1
            storage.liveCount -= 1
            storage.slots[index] = storage.firstFree << 1 | 1
            storage.firstFree = index
        }
    }
}

/// A handle's fields as read under the registry's lock.
private struct RawRecord {
    let id: UInt64
    let verb: String
    let chain: OperatorChain
    let site: CallSite
    let owner: DisposeBag.Identity?
    let ownerAddress: UInt
    let scopeName: String?
    let createdAt: Double
    let backtrace: [UInt]?

    init(_ handle: SubscriptionHandle) {
        id = handle.id
        verb = handle.verb
        chain = handle.chain
        site = handle.site
        let ownerBits = handle.ownerBits.load(ordering: .acquiring)
        if let bits = UnsafeRawPointer(bitPattern: ownerBits) {
            (owner, ownerAddress) = Unmanaged<DisposeBag.Owner>.fromOpaque(bits)._withUnsafeGuaranteedRef { ($0.identity, $0.bagAddress) }
        } else {
            (owner, ownerAddress) = (nil, 0)
        }
        scopeName = handle.scope?.name
        createdAt = handle.createdAt
        backtrace = handle.backtrace
    }

    var record: SubscriptionRecord {
        SubscriptionRecord(
            id: id, site: site, verb: verb, chain: chain.appending(verb), owner: owner,
            ownerAddress: ownerAddress == 0 ? nil : ownerAddress, scopeName: scopeName,
            createdAt: Date(timeIntervalSince1970: createdAt), backtrace: backtrace)
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
    /// The owning bag's address while it lives, for the leak engine: a bag
    /// that would be freed disposes the subscription.
    package let ownerAddress: UInt?
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
