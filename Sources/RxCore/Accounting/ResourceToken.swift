import CRxCoreThread

/// The accounting stored inside every RxCore resource.
///
/// Creating a token counts the resource as alive (per kind, and in the current
/// ``ResourceScope`` if any); destroying it, which happens when the
/// owning object deinitialises, counts it as gone. Being non-copyable, a token
/// cannot be duplicated and so cannot be counted twice.
struct ResourceToken: ~Copyable {
    #if !RXCORE_NO_ACCOUNTING
    /// The kind's index in the per-thread counts; counting touches only the
    /// count, not the kind (a strong reference would retain and release it).
    private let index: Int32
    private let scope: ResourceScope?

    @inline(__always)
    init(_ kind: borrowing ResourceKind) {
        index = kind.index
        crxcore_count(index, 1)
        let scope = ResourceScope.attributable
        scope?.resourceCreated()
        self.scope = scope
    }

    deinit {
        crxcore_count(index, -1)
        scope?.resourceReleased()
    }
    #else
    @inline(__always)
    init(_ kind: borrowing ResourceKind) {}
    #endif
}
