private let singleAssignmentDisposableKind = ResourceKind("SingleAssignmentDisposable", .disposable)

/// Holds a disposable that can be set only once; disposing before it is set
/// disposes it as soon as it arrives.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    private let token = ResourceToken(singleAssignmentDisposableKind)
    // Inline, where a `Locked` value would be two objects more (many operators make one of these per
    // subscription); its sections call nothing outside.
    private let lock = SpinLock()
    /// Not an optional: the leak engine's reflection reads a plain
    /// existential in a class with atomic fields, not an optional one.
    @exclusivity(unchecked) private var current: Disposable = NopDisposable.shared
    @exclusivity(unchecked) private var isAssigned = false
    @exclusivity(unchecked) private var disposed = false

    /// An unassigned disposable.
    public init() {}

    public var isDisposed: Bool { lock.withLock { disposed } }

    /// Sets the disposable. Setting it twice is a programming error, as in RxSwift.
    public func setDisposable(_ disposable: Disposable) {
        let disposeNow = lock.withLock { () -> Bool in
            precondition(!isAssigned, "SingleAssignmentDisposable can be assigned only once")
            isAssigned = true
            if disposed { return true }
            current = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    public func dispose() {
        var taken: Disposable = NopDisposable.shared
        // The fields are touched only inside the lock's closure: passed `inout`
        // to a helper that takes the lock, their access would begin before it.
        lock.withLock {
            guard !disposed else { return }
            disposed = true
            swap(&taken, &current)
        }
        taken.dispose()
    }
}
