import Synchronization

@_silgen_name("swift_unownedRetain")
private func swift_unownedRetain(_ object: UnsafeMutableRawPointer)
@_silgen_name("swift_unownedRelease")
private func swift_unownedRelease(_ object: UnsafeMutableRawPointer)
@_silgen_name("swift_isDeallocating")
private func swift_isDeallocating(_ object: UnsafeMutableRawPointer) -> Bool

/// Knows whether an object has died, without a weak reference (which would
/// give the object a side table and slow its retains) and without changing
/// its class: an unowned retain keeps the object's memory readable after
/// deinit, and `swift_isDeallocating` tells whether deinit has begun.
final class ObjectWatch: @unchecked Sendable {
    private let object: UnsafeMutableRawPointer
    private let released = Atomic<Bool>(false)

    init(_ object: AnyObject) {
        self.object = Unmanaged.passUnretained(object).toOpaque()
        swift_unownedRetain(self.object)
    }

    var isAlive: Bool {
        !released.load(ordering: .acquiring) && !swift_isDeallocating(object)
    }

    /// Drops the unowned retain, once.
    func release() {
        if !released.exchange(true, ordering: .acquiringAndReleasing) {
            swift_unownedRelease(object)
        }
    }

    deinit { release() }
}
