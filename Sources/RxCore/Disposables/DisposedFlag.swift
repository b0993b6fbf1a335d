import Synchronization

/// A once-only flag, set by the first `dispose()`.
struct DisposedFlag: ~Copyable {
    private let state = Atomic<Bool>(false)

    /// Sets the flag; true only for the call that set it.
    @inline(__always)
    func set() -> Bool {
        !state.exchange(true, ordering: .acquiringAndReleasing)
    }

    @inline(__always)
    var isSet: Bool { state.load(ordering: .acquiring) }
}
