import CRxCoreThread
import Synchronization

private let disposeBagKind = ResourceKind("DisposeBag", .disposable)

/// Disposes what it holds when it is deinitialised: the usual owner of an
/// object's subscriptions.
///
/// Replacing a bag (`disposeBag = DisposeBag()`) disposes everything the old one held.
public final class DisposeBag: DisposeBase, @unchecked Sendable {
    /// Which bag owns a subscription: a process-wide number and where the bag was made.
    public struct Identity: Hashable, Sendable, CustomStringConvertible {
        /// The bag's number, in order of creation.
        public let id: UInt64
        /// The two return addresses an initialiser sees above itself (see
        /// `CallSite.firstOutsideLibrary`).
        let candidates: (CallSite, CallSite)

        /// Where the bag was created.
        public var site: CallSite { CallSite.firstOutsideLibrary(candidates.0, candidates.1) }

        public static func == (lhs: Identity, rhs: Identity) -> Bool { lhs.id == rhs.id }
        public func hash(into hasher: inout Hasher) { hasher.combine(id) }

        /// `DisposeBag#4 (Presenter.swift:12)`.
        public var description: String { "DisposeBag#\(id) (\(site))" }
    }

    private static let nextID = Atomic<UInt64>(1)
    private let token = ResourceToken(disposeBagKind)
    private let lock = Lock()
    /// What the bag holds, in order of insertion; nil once it is being torn
    /// down. Each entry is a subscription handle (nearly all of them), or a
    /// ``BoxedDisposable`` around any other disposable: one word per entry, where
    /// a `Disposable` existential takes five and is copied and destroyed
    /// through its type's value witnesses. Only touched under `lock`, so the
    /// runtime's exclusivity checks (two per insertion) add nothing.
    @exclusivity(unchecked) private var contents: ContiguousArray<AnyObject>? = []
    /// This bag's number and the place it was made.
    public var identity: Identity { owner.identity }
    /// What a subscription in the bag names as its owner: kept apart from the
    /// bag so that a subscription can point to it with one store (see
    /// `SubscriptionHandle.ownerBits`).
    let owner: Owner

    /// An empty bag; records where it was made.
    // Never inlined, so that its return addresses are the allocating entry
    // point's and that entry's caller's, whichever of them is the user's code.
    // Designated (a convenience override of `DisposeBase.init()` draws a false
    // infinite-recursion warning from optimised builds).
    @inline(never)
    public override init() {
        owner = Self.owner(
            candidates: (
                CallSite(bits: UInt(crxcore_return_address())),
                CallSite(bits: UInt(crxcore_return_address_1()))
            ))
        super.init()
        owner.bagAddress = UInt(bitPattern: ObjectIdentifier(self))
    }

    /// An empty bag made at the first of `candidates` outside RxCore.
    init(candidates: (CallSite, CallSite)) {
        owner = Self.owner(candidates: candidates)
        super.init()
        owner.bagAddress = UInt(bitPattern: ObjectIdentifier(self))
    }

    private static func owner(candidates: (CallSite, CallSite)) -> Owner {
        Owner(identity: Identity(id: nextID.wrappingAdd(1, ordering: .relaxed).oldValue, candidates: candidates))
    }

    /// A bag's identity and address, as its subscriptions' records show them.
    final class Owner: @unchecked Sendable {
        let identity: Identity
        /// Set once, in the bag's initialiser, before any subscription can see it.
        var bagAddress: UInt = 0

        init(identity: Identity) { self.identity = identity }
    }

    /// Adds `disposable`, or disposes it at once when the bag is being torn down.
    public func insert(_ disposable: consuming Disposable) {
        insert(opened: disposable)
    }

    /// `insert(_:)` with the disposable's type known, so that a subscription
    /// handle is told apart by comparing metadata (no dynamic cast), and the
    /// registry records this bag as its owner.
    func insert<Held: Disposable>(opened disposable: consuming Held) {
        let entry: AnyObject
        if Held.self == SubscriptionHandle.self {
            let handle = _identityCast(disposable, to: SubscriptionHandle.self)
            #if !RXCORE_NO_ACCOUNTING
            // One store, no lock: the registry reads it under its lock.
            handle.ownerBits.store(UInt(bitPattern: Unmanaged.passUnretained(owner).toOpaque()), ordering: .releasing)
            #endif
            entry = handle
        } else {
            entry = BoxedDisposable(disposable)
        }
        lock.lock()
        if contents != nil {
            contents!.append(entry)
            lock.unlock()
            return
        }
        lock.unlock()
        Self.dispose(entry)
    }

    /// The number of disposables the bag holds.
    public var count: Int { lock.withLock { contents?.count ?? 0 } }

    deinit {
        let held = lock.withLock { () -> ContiguousArray<AnyObject> in
            defer { contents = nil }
            return contents ?? []
        }
        for entry in held { Self.dispose(entry) }
    }

    private static func dispose(_ entry: AnyObject) {
        if type(of: entry) == SubscriptionHandle.self {
            unsafeDowncast(entry, to: SubscriptionHandle.self).dispose()
        } else {
            unsafeDowncast(entry, to: BoxedDisposable.self).disposable.dispose()
        }
    }
}

/// A disposable other than a subscription handle, as a bag holds it.
final class BoxedDisposable {
    let disposable: Disposable

    init(_ disposable: Disposable) { self.disposable = disposable }
}

extension Disposable {
    /// Adds this disposable to `bag`, which disposes it when the bag goes away;
    /// the subscription registry records the bag as its owner.
    ///
    /// Consuming: the bag takes the caller's reference (in
    /// `subscribe(…).disposed(by:)`, the one `subscribe` returned) instead of
    /// copying the disposable and the caller releasing its own.
    public consuming func disposed(by bag: DisposeBag) {
        bag.insert(opened: self)
    }
}
