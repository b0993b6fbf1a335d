import Synchronization

private let anonymousDisposableKind = ResourceKind("AnonymousDisposable", .disposable)

/// Runs an action once, when first disposed.
final class AnonymousDisposable: Cancelable, @unchecked Sendable {
    private let token = ResourceToken(anonymousDisposableKind)
    private let action: Mutex<(() -> Void)?>

    init(_ action: @escaping () -> Void) {
        self.action = Mutex(action)
    }

    var isDisposed: Bool { action.withLock { $0 == nil } }

    func dispose() {
        let action = self.action.withLock { action -> (() -> Void)? in
            defer { action = nil }
            return action
        }
        action?()
    }
}
