private let serialDisposableKind = ResourceKind("SerialDisposable", .disposable)

/// Holds one disposable at a time: setting a new one disposes the previous one.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    private let token = ResourceToken(serialDisposableKind)
    // Inline, where a `Locked` value would be two objects more; its sections call nothing outside.
    private let lock = SpinLock()
    /// Not an optional: the leak engine's reflection reads a plain
    /// existential in a class with atomic fields, not an optional one.
    @exclusivity(unchecked) private var current: Disposable = NopDisposable.shared
    @exclusivity(unchecked) private var disposed = false

    /// An empty serial disposable.
    public init() {}

    public var isDisposed: Bool { lock.withLock { disposed } }

    /// The current disposable; setting it disposes the previous one, and
    /// disposes the new one at once when this is disposed already.
    public var disposable: Disposable {
        get { lock.withLock { current } }
        set {
            var previous: Disposable = NopDisposable.shared
            let disposeNew = lock.withLock { () -> Bool in
                if disposed { return true }
                previous = current
                current = newValue
                return false
            }
            previous.dispose()
            if disposeNew { newValue.dispose() }
        }
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
