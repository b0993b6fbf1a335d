
private let singleAssignmentDisposableKind = ResourceKind("SingleAssignmentDisposable", .disposable)

/// Holds a disposable that can be set only once; disposing before it is set
/// disposes it as soon as it arrives.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    private struct State {
        var current: Disposable?
        var isAssigned = false
        var isDisposed = false
    }

    private let token = ResourceToken(singleAssignmentDisposableKind)
    private let state = Locked(State())

    /// An unassigned disposable.
    public init() {}

    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// Sets the disposable. Setting it twice is a programming error, as in RxSwift.
    public func setDisposable(_ disposable: Disposable) {
        let disposeNow = state.withLock { state -> Bool in
            precondition(!state.isAssigned, "SingleAssignmentDisposable can be assigned only once")
            state.isAssigned = true
            if state.isDisposed { return true }
            state.current = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
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
