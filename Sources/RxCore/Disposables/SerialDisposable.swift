
private let serialDisposableKind = ResourceKind("SerialDisposable", .disposable)

/// Holds one disposable at a time: setting a new one disposes the previous one.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    private struct State {
        var current: Disposable?
        var isDisposed = false
    }

    private let token = ResourceToken(serialDisposableKind)
    private let state = Locked(State())

    /// An empty serial disposable.
    public init() {}

    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// The current disposable; setting it disposes the previous one, and
    /// disposes the new one at once when this is disposed already.
    public var disposable: Disposable {
        get { state.withLock { $0.current } ?? Disposables.create() }
        set {
            let (previous, disposeNew) = state.withLock { state -> (Disposable?, Bool) in
                if state.isDisposed { return (nil, true) }
                defer { state.current = newValue }
                return (state.current, false)
            }
            previous?.dispose()
            if disposeNew { newValue.dispose() }
        }
    }

    public func dispose() {
        let current = state.withLock { state -> Disposable? in
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            defer { state.current = nil }
            return state.current
        }
        current?.dispose()
    }
}
