import Probes

/// The words of one heap object, read in one go: a graph walk reads each
/// field of each object, and a safe read is a system call, so reading the
/// object once and its fields from the copy makes the walk several times
/// faster. Addresses outside the object are read from memory.
struct ObjectWords {
    private let start: UInt
    private let words: ArraySlice<UInt>

    /// Reads the `size`-byte object at `address`, unless `read` (its first
    /// words, read already) holds all of it; an unreadable object reads every
    /// field from memory instead (each of them then fails on its own).
    init(address: UInt, size: Int, read: ArraySlice<UInt> = []) {
        start = address
        let count = size / MemoryLayout<UInt>.size
        if count <= read.count {
            words = read
        } else {
            words = size <= Self.largestRead ? Memory.readWords(address, count: count)?[...] ?? read : read
        }
    }

    /// Past it a size is taken for stale memory and the fields are read one by one.
    static let largestRead = 1 << 28

    /// The word at `address`, or nil when it is unreadable.
    func word(at address: UInt) -> UInt? {
        let offset = address &- start
        if address >= start, offset % UInt(MemoryLayout<UInt>.size) == 0 {
            let index = Int(offset / UInt(MemoryLayout<UInt>.size))
            if index < words.count { return words[words.startIndex + index] }
        }
        return Memory.readWord(address)
    }
}
