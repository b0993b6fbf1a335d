private let binaryDisposableKind = ResourceKind("BinaryDisposable", .disposable)

/// Disposes two disposables once.
final class BinaryDisposable: Cancelable, @unchecked Sendable {
    private let token = ResourceToken(binaryDisposableKind)
    private let lock = Lock()
    private var parts: (Disposable, Disposable)?

    init(_ first: Disposable, _ second: Disposable) {
        parts = (first, second)
    }

    var isDisposed: Bool { lock.withLock { parts == nil } }

    func dispose() {
        let parts = lock.withLock { () -> (Disposable, Disposable)? in
            defer { self.parts = nil }
            return self.parts
        }
        parts?.0.dispose()
        parts?.1.dispose()
    }
}
