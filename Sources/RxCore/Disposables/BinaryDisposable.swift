import Synchronization

private let binaryDisposableKind = ResourceKind("BinaryDisposable", .disposable)

/// Disposes two disposables once.
final class BinaryDisposable: Cancelable, @unchecked Sendable {
    private let token = ResourceToken(binaryDisposableKind)
    private let parts: Mutex<(Disposable, Disposable)?>

    init(_ first: Disposable, _ second: Disposable) {
        parts = Mutex((first, second))
    }

    var isDisposed: Bool { parts.withLock { $0 == nil } }

    func dispose() {
        let parts = self.parts.withLock { parts -> (Disposable, Disposable)? in
            defer { parts = nil }
            return parts
        }
        parts?.0.dispose()
        parts?.1.dispose()
    }
}
