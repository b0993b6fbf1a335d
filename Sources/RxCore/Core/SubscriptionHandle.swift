import Synchronization

private let subscriptionKind = ResourceKind(SubscriptionRegistry.resourceKindName, .disposable)

/// What `subscribe`, `bind`, `drive` and `emit` return: it disposes the
/// upstream chain, runs `onDisposed`, and is the subscription's entry in the
/// ``SubscriptionRegistry`` while it lives.
///
/// One object per subscription: the registry keeps an unretained reference to
/// the handle itself and reads the record's raw fields (site, chain, scope)
/// only when someone asks for ``SubscriptionRegistry/live``.
@usableFromInline
package final class SubscriptionHandle: Cancelable, @unchecked Sendable {
    /// `upstreamState`'s flags; a subscription made on a subject keeps its
    /// observer's key in the bits above them.
    private static let assigned = 1, upstreamGone = 2, keyShift = 2

    /// The registry's number for this subscription, in order of creation:
    /// given under the registry's lock when the handle is first listed or
    /// anything made after it is (no atomic add of its own); 0 until then and
    /// without accounting.
    @exclusivity(unchecked) var id: UInt64 = 0
    let chain: OperatorChain
    /// Where `subscribe`, `bind`, `drive` or `emit` was called.
    let site: CallSite
    /// The ``ResourceScope`` the subscription was made in, if any. The handle
    /// is counted in it without a ``ResourceToken``, which would hold the
    /// scope a second time and look it up a second time.
    let scope: ResourceScope?
    /// The `DisposeBag.Owner` of the bag holding the subscription, unretained,
    /// 0 when none. Set by the bag as it takes the subscription, with one
    /// plain store and no lock; read under the registry's lock, which a bag's
    /// `deinit` waits for while it disposes (so unregisters) this handle, so
    /// the owner is still there.
    let ownerBits = Atomic<UInt>(0)

    private let onDisposed: (() -> Void)?
    /// The upstream subscription once attached; released by whoever sets the
    /// second of `assigned` and `upstreamGone` in `upstreamState`. Not an
    /// optional: the leak engine's reflection reads a plain existential in a
    /// class with atomic fields, not an optional one.
    @exclusivity(unchecked) private var upstream: Disposable = NopDisposable.shared
    /// For a subscription made straight on a subject, in place of an upstream
    /// disposable: the subject's observers (its ``DeliveryGuard``), retained
    /// by hand, and the observer's key there. The guard does not refer to the
    /// subject and is emptied as the subject goes, so holding it owns nothing
    /// the subject held: `Unmanaged` shows the leak engine a reference that
    /// is not an owning one, as a weak reference to the subject would be,
    /// without giving the subject a side table (after which every retain and
    /// release of the subject takes the runtime's slow path). The observer's
    /// key sits in `upstreamState`, a word less per subscription.
    @exclusivity(unchecked) private var subjectObservers: Unmanaged<ObserverRemover>?
    private let upstreamState = Atomic<Int>(0)
    private let ended = DisposedFlag()
    /// The verb and the registry's index sit beside the one-byte `ended`,
    /// in the word it starts: the handle then takes the same malloc size
    /// class with accounting as without (176 bytes).
    let verb: SubscriptionVerb
    /// Where the registry keeps this handle, -1 once it is out; guarded by
    /// the registry's lock. 32 bits: the registry holds fewer live subscriptions.
    @exclusivity(unchecked) var registryIndex: Int32 = -1

    @usableFromInline
    init(verb: SubscriptionVerb, chain: OperatorChain, site: CallSite, onDisposed: (() -> Void)?) {
        self.verb = verb
        self.chain = consume chain
        self.site = site
        self.onDisposed = consume onDisposed
        #if RXCORE_NO_ACCOUNTING
        scope = nil
        #else
        scope = ResourceScope.attributable
        ResourceCount.made(subscriptionKind)
        scope?.resourceCreated(subscriptionKind.index)
        SubscriptionRegistry.made(self)
        #endif
    }

    deinit {
        // Freed before its subscription ended: its observer, which holds it,
        // is gone too, so no event can reach the subscription any more (its
        // source was freed without terminating). It is no longer live.
        #if !RXCORE_NO_ACCOUNTING
        if !ended.isSet { SubscriptionRegistry.unregister(self) }
        ResourceCount.freed(subscriptionKind)
        scope?.resourceReleased(subscriptionKind.index)
        #endif
        subjectObservers?.release()
    }

    /// Connects the upstream subscription once it exists: the chain has
    /// subscribed, so the subscribe call that made this handle returns.
    @usableFromInline
    func attach(_ disposable: consuming Disposable) {
        upstream = disposable
        publishAttached(Self.assigned)
        subscribed()
    }

    /// Connects the subscription to a subject's `observers`, which keep the
    /// observer under `key`: disposal removes it there. The subject has taken
    /// the observer, so the subscribe call that made this handle returns.
    func attach(removing key: Int, from observers: ObserverRemover) {
        subjectObservers = Unmanaged.passRetained(observers)
        publishAttached(key << Self.keyShift | Self.assigned)
        subscribed()
    }

    @inline(__always)
    private func subscribed() {
        #if !RXCORE_NO_ACCOUNTING
        SubscriptionRegistry.subscribed(self)
        #endif
    }

    /// Makes what was attached visible to disposal (`bits`: `assigned`, and a
    /// subject observer's key); releases it at once when the subscription
    /// ended meanwhile.
    private func publishAttached(_ bits: Int) {
        let previous = upstreamState.bitwiseOr(bits, ordering: .acquiringAndReleasing).oldValue
        precondition(previous & Self.assigned == 0, "SubscriptionHandle attached twice")
        if previous & Self.upstreamGone != 0 { releaseUpstream() }
    }

    @usableFromInline
    package var isDisposed: Bool { ended.isSet }

    /// Subscribes the chain through `subscribe`; inside a scope, the work the
    /// chain schedules meanwhile (an `interval`'s timer) is this subscription's.
    @usableFromInline
    func attachSubscribing(_ subscribe: () -> Disposable) {
        guard scope != nil else { return attach(subscribe()) }
        let origin = SubscriptionOrigin(id: id, verb: verb.description, chain: chain, site: site)
        attach(SubscriptionOrigin.$current.withValue(origin, operation: subscribe))
    }

    /// Disposal by the subscriber: the upstream chain first, then `onDisposed`.
    @usableFromInline
    package func dispose() {
        guard ended.set() else { return }
        disposeUpstream()
        finish()
    }

    /// The end after the sequence terminated: `onDisposed` runs right after
    /// the terminal handler and before the upstream chain is released, in
    /// RxSwift's order (its `subscribe` disposes the subscriber's part first,
    /// and the operators release themselves as the terminal event passes).
    func terminate() {
        guard ended.set() else { return }
        finish()
        disposeUpstream()
    }

    private func finish() {
        #if !RXCORE_NO_ACCOUNTING
        SubscriptionRegistry.unregister(self)
        #endif
        onDisposed?()
    }

    /// Disposes the upstream now, or on arrival when it is not attached yet.
    private func disposeUpstream() {
        let previous = upstreamState.bitwiseOr(Self.upstreamGone, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.upstreamGone == 0, previous & Self.assigned != 0 { releaseUpstream() }
    }

    private func releaseUpstream() {
        var held: Disposable = NopDisposable.shared
        swap(&upstream, &held)
        held.dispose()
        if subjectObservers != nil { removeFromSubject() }
    }

    /// Out of line: most subscriptions have no subject to leave. The key was
    /// published with `assigned`, which this thread has seen set.
    @inline(never)
    private func removeFromSubject() {
        let key = upstreamState.load(ordering: .acquiring) >> Self.keyShift
        subjectObservers?._withUnsafeGuaranteedRef { $0.removeObserver(key) }
    }
}

/// Holds one disposable set once; disposing first disposes it on arrival.
/// Not counted as a resource: it lives inside one.
final class SingleAssignmentSlot: @unchecked Sendable {
    private let lock = Lock()
    private var disposable: Disposable?
    private var disposed = false

    var isDisposed: Bool { lock.withLock { disposed } }

    func set(_ disposable: Disposable) {
        let disposeNow = lock.withLock { () -> Bool in
            if disposed { return true }
            self.disposable = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// Disposes the held disposable; true only for the first call.
    @discardableResult
    func dispose() -> Bool {
        let (held, first) = lock.withLock { () -> (Disposable?, Bool) in
            guard !disposed else { return (nil, false) }
            disposed = true
            defer { disposable = nil }
            return (disposable, true)
        }
        held?.dispose()
        return first
    }
}
