/// The accounting stored inside every RxCore resource.
///
/// Creating a token counts the resource as alive (per kind, and in the current
/// ``ResourceScope`` if any); destroying it, which happens when the
/// owning object deinitialises, counts it as gone. Being non-copyable, a token
/// cannot be duplicated and so cannot be counted twice.
struct ResourceToken: ~Copyable {
    #if !RXCORE_NO_ACCOUNTING
    private unowned(unsafe) let kind: ResourceKind
    private let scope: ResourceScope?

    @inline(__always)
    init(_ kind: ResourceKind) {
        self.kind = kind
        kind.live.wrappingAdd(1, ordering: .relaxed)
        let scope = ResourceScope.attributable
        scope?.resourceCreated()
        self.scope = scope
    }

    deinit {
        kind.live.wrappingSubtract(1, ordering: .relaxed)
        scope?.resourceReleased()
    }
    #else
    @inline(__always)
    init(_ kind: ResourceKind) {}
    #endif
}
