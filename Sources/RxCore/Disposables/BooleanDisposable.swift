private let booleanDisposableKind = ResourceKind("BooleanDisposable", .disposable)

/// A disposable that only records whether it was disposed.
public final class BooleanDisposable: Cancelable, @unchecked Sendable {
    private let token = ResourceToken(booleanDisposableKind)
    private let flag = DisposedFlag()

    /// An undisposed flag.
    public init() {}

    /// A flag, disposed already when `isDisposed` is true.
    public init(isDisposed: Bool) {
        if isDisposed { _ = flag.set() }
    }

    public var isDisposed: Bool { flag.isSet }

    public func dispose() { _ = flag.set() }
}
