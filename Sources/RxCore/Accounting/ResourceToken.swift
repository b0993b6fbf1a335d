/// The accounting stored inside every RxCore resource.
///
/// Creating a token counts the resource as alive (per kind, and in the current
/// ``ResourceScope`` if any); destroying it, which happens when the
/// owning object deinitialises, counts it as gone. Being non-copyable, a token
/// cannot be duplicated and so cannot be counted twice.
struct ResourceToken: ~Copyable {
    #if !RXCORE_NO_ACCOUNTING
    /// Kinds live for the process. Unmanaged, so that counting touches only
    /// the count: a strong reference would retain and release the kind, two
    /// more atomic operations on a line that every thread's resources share.
    private let kind: Unmanaged<ResourceKind>
    private let scope: ResourceScope?

    @inline(__always)
    init(_ kind: borrowing ResourceKind) {
        self.kind = Unmanaged.passUnretained(kind)
        kind.live.wrappingAdd(1, ordering: .relaxed)
        let scope = ResourceScope.attributable
        scope?.resourceCreated()
        self.scope = scope
    }

    deinit {
        kind._withUnsafeGuaranteedRef { $0.live.wrappingSubtract(1, ordering: .relaxed) }
        scope?.resourceReleased()
    }
    #else
    @inline(__always)
    init(_ kind: borrowing ResourceKind) {}
    #endif
}
