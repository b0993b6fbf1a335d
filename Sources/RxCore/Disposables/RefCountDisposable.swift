
private let refCountDisposableKind = ResourceKind("RefCountDisposable", .disposable)
private let refCountInnerDisposableKind = ResourceKind("RefCountInnerDisposable", .disposable)

/// Disposes its underlying disposable once it has been disposed itself and every disposable
/// handed out by ``retain()`` has been disposed too.
public final class RefCountDisposable: Cancelable, @unchecked Sendable {
    private struct State {
        var underlying: Disposable?
        var isPrimaryDisposed = false
        var retained = 0

        mutating func takeUnderlying() -> Disposable? {
            defer { underlying = nil }
            return underlying
        }
    }

    private let token = ResourceToken(refCountDisposableKind)
    private let state: Locked<State>

    /// Guards `disposable`.
    public init(disposable: Disposable) {
        state = Locked(State(underlying: disposable))
    }

    /// Whether the underlying disposable has been disposed.
    public var isDisposed: Bool { state.withLock { $0.underlying == nil } }

    /// A disposable that keeps the underlying one alive until it is disposed; a no-op disposable
    /// once the underlying one is gone.
    public func retain() -> Disposable {
        let isLive = state.withLock { state -> Bool in
            guard state.underlying != nil else { return false }
            state.retained += 1
            return true
        }
        return isLive ? RefCountInnerDisposable(self) : Disposables.create()
    }

    /// Disposes the underlying disposable, at once if nothing retains it, else when the last
    /// retainer is disposed.
    public func dispose() {
        let released = state.withLock { state -> Disposable? in
            guard state.underlying != nil, !state.isPrimaryDisposed else { return nil }
            state.isPrimaryDisposed = true
            return state.retained == 0 ? state.takeUnderlying() : nil
        }
        released?.dispose()
    }

    fileprivate func release() {
        let released = state.withLock { state -> Disposable? in
            guard state.underlying != nil else { return nil }
            state.retained -= 1
            precondition(state.retained >= 0, "RefCountDisposable released more often than retained")
            return state.isPrimaryDisposed && state.retained == 0 ? state.takeUnderlying() : nil
        }
        released?.dispose()
    }
}

/// What ``RefCountDisposable/retain()`` hands out: releases its retain once.
private final class RefCountInnerDisposable: Disposable, @unchecked Sendable {
    private let token = ResourceToken(refCountInnerDisposableKind)
    private let parent: RefCountDisposable
    private let flag = DisposedFlag()

    init(_ parent: RefCountDisposable) {
        self.parent = parent
    }

    func dispose() {
        if flag.set() { parent.release() }
    }
}
