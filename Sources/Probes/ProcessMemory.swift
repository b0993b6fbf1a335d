#if canImport(Glibc)
import CUnwind
import Glibc

/// Where this process keeps its globals and its allocations (Linux).
package enum ProcessMemory {
    /// The writable load segments of the process's executable (its `.data`
    /// and `.bss`): where the globals and statics of the code linked into it
    /// live. `swift test` links the code under test into its test executable.
    package static func executableDataSegments() -> [Range<UInt>] {
        var starts = [UInt](repeating: 0, count: 16), ends = [UInt](repeating: 0, count: 16)
        let count = Int(cunwind_executable_writable_segments(&starts, &ends, 16))
        return (0..<min(count, 16)).map { starts[$0]..<ends[$0] }
    }

    /// The demangled name of the executable's data symbol (a global's or a
    /// static's storage) holding each of `addresses`, nil where none does.
    package static func globalNames(at addresses: [UInt]) -> [String?] {
        var names = [UnsafePointer<CChar>?](repeating: nil, count: addresses.count)
        _ = cunwind_data_symbols(addresses, Int32(addresses.count), &names)
        return names.map { name in name.map { Backtrace.demangle(String(cString: $0)) ?? String(cString: $0) } }
    }

    /// The closure body a partial-apply forwarder at `function` calls (the
    /// entry point of a closure with captures), when the executable's symbols say.
    package static func partialApplyTarget(of function: UInt) -> UInt? {
        let target = UInt(cunwind_partial_apply_target(function))
        return target == 0 ? nil : target
    }

    /// The process's private writable mappings that belong to no file (the
    /// heap, the allocator's arenas, large allocations), sorted: where a
    /// heap object can be. Read from `/proc/self/maps`.
    package static func anonymousWritableRanges() -> [Range<UInt>] {
        mappings { fields in
            fields.count >= 5 && fields[1].hasPrefix("rw") && fields[4] == "0"
                && (fields.count == 5 || fields[5] == "[heap]")
        }
    }

    /// The process's mappings whose `/proc/self/maps` fields (range, permissions, offset,
    /// device, inode, path) `isWanted` accepts, sorted.
    package static func mappings(where isWanted: ([Substring]) -> Bool = { _ in true }) -> [Range<UInt>] {
        guard let file = fopen("/proc/self/maps", "r") else { return [] }
        defer { fclose(file) }
        var ranges: [Range<UInt>] = []
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), file) != nil {
            let fields = String(cString: line).split(whereSeparator: { $0 == " " || $0 == "\n" })
            guard isWanted(fields) else { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16) else {
                continue
            }
            ranges.append(start..<end)
        }
        return ranges.sorted { $0.lowerBound < $1.lowerBound }
    }
}
#endif
