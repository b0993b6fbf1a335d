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

    /// Connects the upstream subscription once it exists.
    func attach(_ disposable: Disposable) { upstream.set(disposable) }

    var isDisposed: Bool { upstream.isDisposed }

    func dispose() {
        guard upstream.dispose() else { return }
        if let entry { SubscriptionRegistry.unregister(entry) }
        onDisposed?()
    }
}

/// Holds one disposable set once; disposing first disposes it on arrival.
/// Not counted as a resource: it lives inside one.
final class SingleAssignmentSlot: @unchecked Sendable {
    private let state = Mutex<(disposable: Disposable?, disposed: Bool)>((nil, false))

    var isDisposed: Bool { state.withLock { $0.disposed } }

    func set(_ disposable: Disposable) {
        let disposeNow = state.withLock { state -> Bool in
            if state.disposed { return true }
            state.disposable = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// Disposes the held disposable; true only for the first call.
    @discardableResult
    func dispose() -> Bool {
        let (held, first) = state.withLock { state -> (Disposable?, Bool) in
            guard !state.disposed else { return (nil, false) }
            state.disposed = true
            defer { state.disposable = nil }
            return (state.disposable, true)
        }
        held?.dispose()
        return first
    }
}
