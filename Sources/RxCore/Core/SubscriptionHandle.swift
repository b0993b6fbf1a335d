import Synchronization

private let subscriptionKind = ResourceKind("Subscription", .disposable)

/// What `subscribe`, `bind`, `drive` and `emit` return: it disposes the
/// upstream chain, runs `onDisposed`, and keeps the subscription's entry in
/// the ``SubscriptionRegistry`` while it lives.
final class SubscriptionHandle: Cancelable, @unchecked Sendable {
    private let token = ResourceToken(subscriptionKind)
    let entry: LiveSubscription?
    private let onDisposed: (() -> Void)?
    private let upstream = SingleAssignmentSlot()

    init(verb: String, chain: OperatorChain, site: CallSite, onDisposed: (() -> Void)?) {
        #if RXCORE_NO_ACCOUNTING
        entry = nil
        #else
        entry = SubscriptionRegistry.register(verb: verb, chain: chain, site: site)
        #endif
        self.onDisposed = onDisposed
    }

    private let ended = DisposedFlag()

    /// Connects the upstream subscription once it exists.
    func attach(_ disposable: Disposable) { upstream.set(disposable) }

    var isDisposed: Bool { ended.isSet }

    /// Disposal by the subscriber: the upstream chain first, then `onDisposed`.
    func dispose() {
        guard ended.set() else { return }
        upstream.dispose()
        finish()
    }

    /// The end after the sequence terminated: `onDisposed` runs right after
    /// the terminal handler and before the upstream chain is released, in
    /// RxSwift's order (its `subscribe` disposes the subscriber's part first,
    /// and the operators release themselves as the terminal event passes).
    func terminate() {
        guard ended.set() else { return }
        finish()
        upstream.dispose()
    }

    private func finish() {
        if let entry { SubscriptionRegistry.unregister(entry) }
        onDisposed?()
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
