#if canImport(Glibc)
import Glibc
#endif

/// The size of a heap allocation from its start address.
///
/// glibc's allocator keeps each chunk's size in the word before it. A sanitizer's allocator
/// (AddressSanitizer's, under `scripts/leak-check`) keeps no such header: that word is whatever
/// lies there, so reading it sized allocations at random. Under a sanitizer its own interface
/// answers instead, and says whether the address starts a live allocation at all.
package enum HeapAllocation {
    /// The words of the allocation starting at `address`, at most `limit` of them; nil when
    /// `address` does not read as the start of one (or it is smaller than three words).
    package static func words(at address: UInt, limit: Int) -> [UInt]? {
        guard let size = size(at: address) else { return nil }
        let count = Int(size / 8)
        guard count > 2, count <= limit else { return nil }
        return Memory.readWords(address, count: count)
    }

    /// The bytes of the allocation starting at `address` as its allocator sized it (slack included);
    /// nil when that cannot be read.
    package static func size(at address: UInt) -> UInt? {
        if let sanitizer {
            guard let pointer = UnsafeRawPointer(bitPattern: address), sanitizer.owns(pointer) != 0 else { return nil }
            return UInt(sanitizer.allocatedSize(pointer))
        }
        guard let header = Memory.readWord(address &- 8) else { return nil }
        // glibc's size includes the header word and keeps flags in the low three bits.
        return (header & ~7) &- 8
    }

    private struct SanitizerAllocator {
        let owns: @convention(c) (UnsafeRawPointer) -> Int32
        let allocatedSize: @convention(c) (UnsafeRawPointer) -> Int
    }

    /// The sanitizer allocator's interface, when this process runs under one.
    private static let sanitizer: SanitizerAllocator? = {
        #if canImport(Glibc)
        guard let owns = dlsym(nil, "__sanitizer_get_ownership"),
            let size = dlsym(nil, "__sanitizer_get_allocated_size")
        else { return nil }
        return SanitizerAllocator(
            owns: unsafeBitCast(owns, to: (@convention(c) (UnsafeRawPointer) -> Int32).self),
            allocatedSize: unsafeBitCast(size, to: (@convention(c) (UnsafeRawPointer) -> Int).self))
        #else
        return nil
        #endif
    }()
}
