import CRxCoreThread
import Synchronization

/// Every live subscription made through `subscribe`, `bind`, `drive` or `emit`.
///
/// A subscription is listed from the moment it is made until it is disposed
/// or its sequence terminates, or until its source goes away without
/// terminating and nothing holds the subscription any more.
///
/// While its `subscribe` call runs, a subscription made outside any
/// ``ResourceScope`` is listed on the thread making it only; it is listed
/// everywhere once the call returns with it still live. So a subscription
/// that ends within its own call (to `just`, `from`, a completed subject),
/// the most common kind, costs the registry no lock.
public enum SubscriptionRegistry {
    /// The live handles, unretained (each removes itself when its subscription
    /// ends, or at the latest in its `deinit`), in no particular order.
    /// A handle knows its slot; removal empties the slot for reuse rather than
    /// moving another handle into it, which would touch that handle's (often
    /// cold) memory to update its index.
    private struct Storage {
        /// An occupied slot holds the handle's address (even); an empty one
        /// `(next empty slot << 1) | 1`, so the empty slots chain through the
        /// buffer itself without a second, growing list. Managed by hand: an
        /// `Array` checks uniqueness and bounds on every write. Never freed:
        /// the registry lives as long as the process.
        var slots: UnsafeMutablePointer<Int>?
        var capacity = 0
        /// Slots handed out so far, occupied or emptied: `0 ..< used`.
        var used = 0
        /// The last emptied slot, -1 when none is empty.
        var firstFree = -1
        /// Occupied slots.
        var liveCount = 0
        /// The last subscription number given.
        var lastID: UInt64 = 0
        /// The backtraces of the live subscriptions that have one, by slot:
        /// kept here rather than in every handle, as few ever have one. `nil`
        /// until the first, so the storage is still initialised at compile time.
        var backtraces: [Int: [UInt]]?

        /// Puts `address` in a free slot and returns the slot's index.
        @inline(__always)
        mutating func insert(_ address: Int) -> Int {
            let index: Int
            if firstFree >= 0 {
                index = firstFree
                firstFree = slots.unsafelyUnwrapped[index] >> 1
            } else {
                if used == capacity { grow() }
                index = used
                used += 1
            }
            slots.unsafelyUnwrapped[index] = address
            liveCount &+= 1
            return index
        }

        mutating func remove(at index: Int) {
            if backtraces != nil { removeBacktrace(at: index) }
            slots.unsafelyUnwrapped[index] = firstFree << 1 | 1
            firstFree = index
            liveCount &-= 1
        }

        @inline(never)
        mutating func setBacktrace(_ backtrace: [UInt], at index: Int) {
            if backtraces == nil { backtraces = [:] }
            backtraces?[index] = backtrace
        }

        @inline(never)
        private mutating func removeBacktrace(at index: Int) {
            backtraces?[index] = nil
        }

        /// Out of line: the buffer doubles, so this runs a few dozen times in a process at most.
        @inline(never)
        private mutating func grow() {
            let larger = Swift.max(64, capacity * 2)
            let buffer = UnsafeMutablePointer<Int>.allocate(capacity: larger)
            if let slots {
                buffer.moveInitialize(from: slots, count: used)
                slots.deallocate()
            }
            slots = buffer
            capacity = larger
        }

        /// The handles in the occupied slots, with their slots.
        var handles: some Sequence<(slot: Int, handle: Unmanaged<SubscriptionHandle>)> {
            UnsafeBufferPointer(start: slots, count: used).enumerated().lazy
                .filter { $0.element & 1 == 0 }
                .map { ($0.offset, Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: $0.element)!)) }
        }
    }

    /// Taken twice per subscription (to register, to unregister). The lock and
    /// the storage are initialised at compile time: a lazily initialised global
    /// costs a call into the runtime on every access.
    private static let lock = SpinLock()
    @exclusivity(unchecked) nonisolated(unsafe) private static var storage = Storage()

    /// Writes at most `capacity` return addresses of the calling thread's
    /// stack, innermost first, to `frames`; returns how many it wrote.
    package typealias BacktraceCapture = @convention(c) (_ frames: UnsafeMutablePointer<UInt>?, _ capacity: Int) -> Int

    /// The capture function's address, 0 when backtraces are off: a C function
    /// pointer is one word, so any thread may switch capture on or off while
    /// others subscribe and read it, without a lock and without a closure
    /// context to keep alive.
    private static let captureFunction = Atomic<UInt>(0)

    /// Captures a raw backtrace for each new subscription when set (RxCore's
    /// leak integration sets it when backtraces are switched on).
    package static var backtraceCapture: BacktraceCapture? {
        get {
            let bits = captureFunction.load(ordering: .acquiring)
            return bits == 0 ? nil : unsafeBitCast(bits, to: BacktraceCapture.self)
        }
        set { captureFunction.store(newValue.map { unsafeBitCast($0, to: UInt.self) } ?? 0, ordering: .releasing) }
    }

    /// The most frames kept per subscription.
    private static let backtraceDepth = 48

    /// This thread's backtrace through the capture function; nil when capture is off.
    private static func captureBacktrace() -> [UInt]? {
        guard let capture = backtraceCapture else { return nil }
        return [UInt](unsafeUninitializedCapacity: backtraceDepth) { frames, count in
            count = max(0, min(backtraceDepth, capture(frames.baseAddress, backtraceDepth)))
        }
    }

    /// The live subscriptions, oldest first.
    public static var live: [SubscriptionRecord] { records { _ in true } }

    /// The live subscriptions made inside `scope`, oldest first.
    public static func live(in scope: ResourceScope) -> [SubscriptionRecord] { records { $0 === scope } }

    /// The name of a subscription's resource kind in snapshots (its handle's).
    package static let resourceKindName = "Subscription"

    /// The number of live subscriptions.
    public static var count: Int {
        lock.withLock { storage.liveCount } + subscribingHere.count { !$0.isDisposed }
    }

    /// The raw fields are copied under the lock (a handle being freed waits in
    /// `unregister` meanwhile, so each one read is intact); text is built outside.
    private static func records(where isIncluded: (ResourceScope?) -> Bool) -> [SubscriptionRecord] {
        let subscribing = subscribingHere
        let raw = lock.withLock {
            subscribing.forEach(number)
            let listed = storage.handles.compactMap { slot, handle in
                handle._withUnsafeGuaranteedRef {
                    isIncluded($0.scope) ? RawRecord($0, backtrace: storage.backtraces?[slot]) : nil
                }
            }
            return listed
                + subscribing.filter { !$0.isDisposed && isIncluded($0.scope) }.map { RawRecord($0, backtrace: nil) }
        }
        return raw.map(\.record).sorted { $0.id < $1.id }
    }

    /// The handles whose subscribe call runs on this thread, outermost first;
    /// the calls up the stack hold them.
    private static var subscribingHere: [SubscriptionHandle] {
        (0..<crxcore_subscribing_count()).map(subscribingHandle(at:))
    }

    private static func subscribingHandle(at index: Int) -> SubscriptionHandle {
        Unmanaged<SubscriptionHandle>.fromOpaque(crxcore_subscribing_at(index)).takeUnretainedValue()
    }

    /// Gives the first `count` handles subscribing on this thread their
    /// numbers, in order, where they have none yet: they were made before
    /// anything numbered after them. Under the lock.
    private static func numberSubscribing(count: Int) {
        for index in 0..<count { number(subscribingHandle(at: index)) }
    }

    /// Gives `handle` the next number unless it has one. Under the lock.
    @inline(__always)
    private static func number(_ handle: SubscriptionHandle) {
        guard handle.id == 0 else { return }
        storage.lastID &+= 1
        handle.id = storage.lastID
    }

    /// `handle` was just made: listed at once inside a scope, while backtraces
    /// are captured, or when this thread's list of subscribe calls is full;
    /// otherwise noted as subscribing on this thread until ``subscribed(_:)``.
    @inline(__always)
    static func made(_ handle: SubscriptionHandle) {
        if handle.scope == nil, captureFunction.load(ordering: .relaxed) == 0,
            crxcore_subscribing_push(Unmanaged.passUnretained(handle).toOpaque())
        {
            return
        }
        register(handle, backtrace: captureBacktrace())
    }

    /// `handle`'s subscribe call returned: when it was noted as subscribing
    /// and is still live, it is listed now.
    @inline(__always)
    static func subscribed(_ handle: SubscriptionHandle) {
        guard crxcore_subscribing_pop(Unmanaged.passUnretained(handle).toOpaque()), !handle.isDisposed else { return }
        listAfterSubscribing(handle)
    }

    /// Whether it ended is read again under the lock: a disposal on another
    /// thread marks the end before it takes the lock to unregister, so one of
    /// the two sees the other.
    @inline(never)
    private static func listAfterSubscribing(_ handle: SubscriptionHandle) {
        lock.withLock {
            guard !handle.isDisposed else { return }
            insert(handle, backtrace: nil)
        }
    }

    static func register(_ handle: SubscriptionHandle, backtrace: [UInt]?) {
        lock.withLock { insert(handle, backtrace: backtrace) }
    }

    /// Under the lock, on the thread that made `handle`: the handles still
    /// subscribing there are older and are numbered first.
    @inline(__always)
    private static func insert(_ handle: SubscriptionHandle, backtrace: [UInt]?) {
        let older = crxcore_subscribing_count()
        if older > 0 { numberSubscribing(count: older) }
        number(handle)
        let index = storage.insert(Int(bitPattern: Unmanaged.passUnretained(handle).toOpaque()))
        handle.registryIndex = Int32(truncatingIfNeeded: index)
        if let backtrace { storage.setBacktrace(backtrace, at: index) }
    }

    /// Removes `handle`'s record; does nothing when it is already out, or not
    /// listed yet because its subscribe call still runs on this thread (which
    /// then sees it ended).
    static func unregister(_ handle: SubscriptionHandle) {
        if crxcore_subscribing_contains(Unmanaged.passUnretained(handle).toOpaque()) { return }
        lock.withLock {
            let index = handle.registryIndex
            guard index >= 0 else { return }
            handle.registryIndex = -1
            storage.remove(at: Int(index))
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
    let backtrace: [UInt]?
    let address: UInt

    init(_ handle: SubscriptionHandle, backtrace: [UInt]?) {
        address = UInt(bitPattern: Unmanaged.passUnretained(handle).toOpaque())
        id = handle.id
        verb = handle.verb.description
        chain = handle.chain
        site = handle.site
        let ownerBits = handle.ownerBits.load(ordering: .acquiring)
        if let bits = UnsafeRawPointer(bitPattern: ownerBits) {
            (owner, ownerAddress) = Unmanaged<DisposeBag.Owner>.fromOpaque(bits)._withUnsafeGuaranteedRef {
                ($0.identity, $0.bagAddress)
            }
        } else {
            (owner, ownerAddress) = (nil, 0)
        }
        scopeName = handle.scope?.name
        self.backtrace = backtrace
    }

    var record: SubscriptionRecord {
        SubscriptionRecord(
            id: id, site: site, verb: verb, chain: chain.appending(verb), owner: owner,
            ownerAddress: ownerAddress == 0 ? nil : ownerAddress, scopeName: scopeName,
            backtrace: backtrace, address: address)
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
    /// The raw return addresses captured when it was made, when backtraces are on.
    public let backtrace: [UInt]?
    /// The address of its handle (what `subscribe` returned) when it was read, for the leak
    /// engine: what still holds a subscription a check left is searched from it.
    package let address: UInt

    /// `#3 PublishSubject<Int> → map → subscribe at File.swift:12, owned by DisposeBag#2 (File.swift:4)`.
    public var description: String {
        "#\(id) \(chain) at \(site), " + (owner.map { "owned by \($0)" } ?? "not owned")
    }
}
