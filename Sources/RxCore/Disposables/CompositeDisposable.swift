private let compositeDisposableKind = ResourceKind("CompositeDisposable", .disposable)

/// A group of disposables disposed together; ones added after disposal are
/// disposed at once.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {
    /// A key that removes one disposable from the group.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: Int
    }

    private struct State {
        var disposables: [Int: Disposable]? = [:]
        var nextKey = 0
    }

    private let token = ResourceToken(compositeDisposableKind)
    private let state = Locked(State())

    /// An empty group.
    public init() {}

    /// A group of two.
    public init(_ disposable1: Disposable, _ disposable2: Disposable) {
        for disposable in [disposable1, disposable2] { _ = insert(disposable) }
    }

    /// A group of three.
    public init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) {
        for disposable in [disposable1, disposable2, disposable3] { _ = insert(disposable) }
    }

    /// A group of four or more.
    public init(
        _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable, _ disposable4: Disposable,
        _ disposables: Disposable...
    ) {
        for disposable in [disposable1, disposable2, disposable3, disposable4] + disposables { _ = insert(disposable) }
    }

    /// A group of any number.
    public init(disposables: [Disposable]) {
        for disposable in disposables { _ = insert(disposable) }
    }

    public var isDisposed: Bool { state.withLock { $0.disposables == nil } }

    /// The number of disposables in the group.
    public var count: Int { state.withLock { $0.disposables?.count ?? 0 } }

    /// Adds `disposable`; returns `nil` and disposes it at once when the group
    /// is disposed already.
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key = state.withLock { state -> DisposeKey? in
            guard state.disposables != nil else { return nil }
            defer { state.nextKey += 1 }
            state.disposables?[state.nextKey] = disposable
            return DisposeKey(value: state.nextKey)
        }
        if key == nil { disposable.dispose() }
        return key
    }

    /// Removes the disposable for `disposeKey` and disposes it.
    public func remove(for disposeKey: DisposeKey) {
        state.withLock { $0.disposables?.removeValue(forKey: disposeKey.value) }?.dispose()
    }

    public func dispose() {
        let disposables = state.withLock { state -> [Int: Disposable]? in
            defer { state.disposables = nil }
            return state.disposables
        }
        for (_, disposable) in (disposables ?? [:]).sorted(by: { $0.key < $1.key }) { disposable.dispose() }
    }
}
