import CRemoteMirror

/// Reads of this process's own memory that return nil instead of crashing
/// when the address is unmapped or unreadable.
///
/// Each read is a system call (`process_vm_readv` on our own pid, or a pipe
/// write where that is forbidden): about a microsecond, so read what you need
/// in one go. A readable address is not proof of a live object: freed heap
/// memory usually stays mapped and reads back as stale bytes.
package enum Memory {
    /// `count` bytes starting at `address`, or nil when any of them is unreadable.
    package static func read(_ address: UInt, count: Int) -> [UInt8]? {
        guard count >= 0 else { return nil }
        var ok = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            ok = crm_safe_read(address, buffer.baseAddress, count) != 0
            initialized = ok ? count : 0
        }
        return ok ? bytes : nil
    }

    /// The pointer-sized word at `address`, or nil when it is unreadable.
    package static func readWord(_ address: UInt) -> UInt? {
        var word: UInt = 0
        return crm_safe_read(address, &word, MemoryLayout<UInt>.size) != 0 ? word : nil
    }

    /// `count` consecutive words at each of `addresses`, nil for each place
    /// where any is unreadable: one system call for hundreds of places.
    package static func readWords(at addresses: [UInt], count: Int) -> [[UInt]?] {
        guard count > 0, !addresses.isEmpty else { return addresses.map { _ in count == 0 ? [] : nil } }
        var words: [UInt] = [], readable: [UInt8] = []
        readWords(at: addresses, count: count, into: &words, readable: &readable)
        return addresses.indices.map { index in
            readable[index] != 0 ? Array(words[(index * count)..<((index + 1) * count)]) : nil
        }
    }

    /// ``readWords(at:count:)`` into buffers the caller keeps from batch to
    /// batch: place `i`'s words are `words[i * count..<(i + 1) * count]`,
    /// valid when `readable[i]` is not 0. A graph walk reads a million
    /// places, and an array per place cost more than the read.
    package static func readWords(at addresses: [UInt], count: Int, into words: inout [UInt], readable: inout [UInt8]) {
        precondition(count > 0, "Memory.readWords: count must be positive")
        // Cleared, so a place the reader skips reads as unreadable, not as a previous batch's.
        words.removeAll(keepingCapacity: true)
        words.append(contentsOf: repeatElement(0, count: addresses.count * count))
        readable.removeAll(keepingCapacity: true)
        readable.append(contentsOf: repeatElement(0, count: addresses.count))
        guard !addresses.isEmpty else { return }
        words.withUnsafeMutableBytes { slots in
            crm_safe_read_many(
                addresses, addresses.count, count * MemoryLayout<UInt>.stride, slots.baseAddress, &readable)
        }
    }

    /// `count` consecutive words starting at `address`, or nil when any is unreadable.
    package static func readWords(_ address: UInt, count: Int) -> [UInt]? {
        guard count >= 0 else { return nil }
        var ok = false
        let words = [UInt](unsafeUninitializedCapacity: count) { buffer, initialized in
            ok = crm_safe_read(address, buffer.baseAddress, count * MemoryLayout<UInt>.stride) != 0
            initialized = ok ? count : 0
        }
        return ok ? words : nil
    }
}
