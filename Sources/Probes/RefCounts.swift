import CRemoteMirror
import Synchronization

/// The Swift runtime's reference counts of a heap object.
///
/// Counts taken through an `AnyObject` include the references the caller
/// itself holds, and optimised builds elide retains, so compare counts
/// against each other rather than against fixed numbers.
package enum RefCounts {
    /// Strong references to `object` (`swift_retainCount`).
    package static func strong(_ object: AnyObject) -> Int {
        withPointer(object) { Int(crm_retain_count($0)) }
    }

    /// Unowned references to `object` plus the one all its strong references
    /// share (`swift_unownedRetainCount`).
    package static func unowned(_ object: AnyObject) -> Int {
        withPointer(object) { Int(crm_unowned_retain_count($0)) }
    }

    /// Weak references to `object` plus one, or 1 when it never had a weak
    /// reference (`swift_weakRetainCount`).
    package static func weak(_ object: AnyObject) -> Int {
        withPointer(object) { Int(crm_weak_retain_count($0)) }
    }

    /// Whether `object`'s deinit has begun (`swift_isDeallocating`).
    package static func isDeallocating(_ object: AnyObject) -> Bool {
        withPointer(object) { crm_is_deallocating($0) }
    }

    /// The counts of the heap object at a raw address, decoded from its
    /// reference-count word (and side table, when it has one) with safe reads.
    ///
    /// For addresses found while walking memory, where calling into the
    /// runtime on a dead object would crash. Returns nil when the memory is
    /// unreadable; a freed object whose memory is still mapped reads back as
    /// whatever is there now, so validate the address first
    /// (``ReflectionProbe/typeName(ofObjectAt:)`` does).
    package static func snapshot(ofObjectAt address: UInt) -> Snapshot? {
        Memory.readWord(address &+ 8).flatMap { snapshot(bits: $0, ofObjectAt: address) }
    }

    /// The counts of the heap object at `address` decoded from `bits`, its
    /// reference-count word as the caller read it (with the rest of the
    /// object, say): the side table, when it has one, is read safely.
    package static func snapshot(bits: UInt, ofObjectAt address: UInt) -> Snapshot? {
        if bits & useSlowRC == 0 {
            return Snapshot(bits: bits, weak: 0)
        }
        // Side table: the word holds its address shifted right by 3. The
        // table keeps the object pointer, then (16-byte aligned) the counts
        // followed by the 32-bit weak count.
        let table = (bits & sideTableMask) << 3
        guard let words = Memory.readWords(table, count: 4), words[0] == address else { return nil }
        return Snapshot(bits: words[2], weak: Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: words[3])))
    }

    /// Reference counts decoded from an object's header.
    package struct Snapshot: Hashable, Sendable {
        /// Strong references (0 once deinit began).
        package let strong: Int
        /// Unowned references plus the one all strong references share.
        package let unowned: Int
        /// Weak references (0 when the object has no side table).
        package let weak: Int
        /// Whether deinit has begun.
        package let isDeiniting: Bool
        /// Whether the count is immortal (statically allocated objects).
        package let isImmortal: Bool

        init(bits: UInt, weak: Int) {
            isImmortal = bits & immortalMask == immortalMask
            isDeiniting = bits & (1 << 32) != 0
            unowned = Int((bits >> 1) & 0x7FFF_FFFF)
            strong = isDeiniting ? 0 : Int((bits >> 33) & 0x3FFF_FFFF) + 1
            self.weak = weak
        }
    }

    private static func withPointer<R>(_ object: AnyObject, _ body: (UnsafeMutableRawPointer) -> R) -> R {
        withExtendedLifetime(object) { body(Unmanaged.passUnretained(object).toOpaque()) }
    }
}

// RefCount.h, 64-bit layout: bit 0 pure-Swift dealloc, 1...31 unowned count,
// 32 deiniting, 33...62 strong extra count, 63 "use slow RC" (side table).
private let useSlowRC: UInt = 1 << 63
private let sideTableMask: UInt = (1 << 62) - 1
private let immortalMask: UInt = 0xFFFF_FFFF

/// Tells whether an object has died, without changing its class and without
/// a weak reference (which would give it a side table and slow down its
/// retains and releases).
///
/// The watch holds one unowned reference: the object still dies when its
/// last strong reference goes, but its memory stays allocated until the watch
/// is released, so polling `swift_isDeallocating` (a couple of nanoseconds)
/// stays safe. An object counts as dead as soon as its deinit has begun.
/// Thread-safe.
package final class DeathWatch: Sendable {
    /// The watched object's address (stable while the watch holds it).
    package let objectAddress: UInt
    private let watching = Mutex(true)

    /// Starts watching `object` (one unowned retain).
    package convenience init(_ object: AnyObject) {
        self.init(objectAt: Unmanaged.passUnretained(object).toOpaque())
    }

    /// Starts watching the heap object at `pointer`, which need not be a class instance (a closure's context).
    package init(objectAt pointer: UnsafeMutableRawPointer) {
        _ = crm_unowned_retain(pointer)
        objectAddress = UInt(bitPattern: pointer)
    }

    /// True until the object's deinit begins. False after ``release()``: the
    /// memory may then be reused and nothing more can be known.
    package var isAlive: Bool {
        watching.withLock { watching in
            watching && !crm_is_deallocating(UnsafeRawPointer(bitPattern: objectAddress))
        }
    }

    /// Whether ``release()`` has run.
    package var isReleased: Bool { watching.withLock { !$0 } }

    /// Drops the unowned reference (once; later calls do nothing), letting a
    /// dead object's memory be freed. Also done when the watch is deinitialised.
    package func release() {
        let wasWatching = watching.withLock { watching in
            defer { watching = false }
            return watching
        }
        if wasWatching { crm_unowned_release(UnsafeMutableRawPointer(bitPattern: objectAddress)) }
    }

    deinit { release() }
}
