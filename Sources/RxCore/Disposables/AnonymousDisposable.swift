private let anonymousDisposableKind = ResourceKind("AnonymousDisposable", .disposable)

/// Runs an action once, when first disposed.
final class AnonymousDisposable: Cancelable, @unchecked Sendable {
    private let token = ResourceToken(anonymousDisposableKind)
    private let lock = Lock()
    private var action: (() -> Void)?

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    var isDisposed: Bool { lock.withLock { action == nil } }

    func dispose() {
        let action = lock.withLock { () -> (() -> Void)? in
            defer { self.action = nil }
            return self.action
        }
        action?()
    }
}
