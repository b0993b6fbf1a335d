private let refCountDisposableKind = ResourceKind("RefCountDisposable", .disposable)

/// Disposes its underlying disposable once it is disposed itself and every
/// reference handed out by ``retain()`` is disposed too, as in RxSwift.
public final class RefCountDisposable: Cancelable, @unchecked Sendable {
    private struct State {
        var underlying: Disposable?
        var references = 0
        var isPrimaryDisposed = false
    }

    private let token = ResourceToken(refCountDisposableKind)
    private let state: Locked<State>

    /// A reference-counted hold on `disposable`.
    public init(disposable: Disposable) {
        state = Locked(State(underlying: disposable))
    }

    /// Whether the underlying disposable is disposed.
    public var isDisposed: Bool { state.withLock { $0.underlying == nil } }

    /// A reference that keeps the underlying disposable alive until it is
    /// disposed; a no-op disposable once the underlying one is disposed.
    public func retain() -> Disposable {
        let retained = state.withLock { state -> Bool in
            guard state.underlying != nil else { return false }
            state.references += 1
            return true
        }
        return retained ? Disposables.create { self.release() } : Disposables.create()
    }

    /// Disposes the underlying disposable now if no reference is left, else
    /// once the last one is disposed.
    public func dispose() {
        state.withLock { state -> Disposable? in
            guard state.underlying != nil, !state.isPrimaryDisposed else { return nil }
            state.isPrimaryDisposed = true
            return state.references == 0 ? state.underlying.take() : nil
        }?.dispose()
    }

    private func release() {
        state.withLock { state -> Disposable? in
            guard state.underlying != nil else { return nil }
            state.references -= 1
            return state.isPrimaryDisposed && state.references == 0 ? state.underlying.take() : nil
        }?.dispose()
    }
}
