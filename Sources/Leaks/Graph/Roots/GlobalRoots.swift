import Probes

/// The globals and statics of the code under test, as roots of the path search (``RootSearch``).
///
/// Reflection cannot list a process's globals: the executable's writable
/// segments (`.data`, `.bss`) are searched word by word for addresses of
/// heap objects; each such slot is named by its symbol (`ChangeFeed.shared`),
/// and the slots of the code under test's modules (``TrackedModules``) are
/// the roots, whose objects the search reads as a leak's are.
struct GlobalRoots: RootProvider {
    var modules = TrackedModules.current

    var kind: RootKind { .global }

    func roots(holding targets: [UInt: RetainNode], inspector: HeapInspector) -> [HeapRoot] {
        Self.roots(modules: modules)
    }

    /// The most bytes of writable segments searched.
    static let byteBudget = 64 << 20

    /// The pattern of an object a closure kept from a global holds.
    static let pattern = LeakPattern(
        id: "global-keeps-closure", name: "a closure that a global or static keeps captures the object strongly",
        source: nil,
        fix:
            "capture the object weakly in the closure ([weak self]), or remove the closure from what the global keeps when the object goes away"
    )

    /// How many words of a segment one read takes.
    private static let wordsPerRead = 8_192

    /// The globals of `modules` that hold a heap object, named as in the source.
    static func roots(modules: TrackedModules) -> [HeapRoot] {
        #if canImport(Glibc)
        let heap = ProcessMemory.anonymousWritableRanges()
        var slots: [(slot: UInt, object: UInt)] = []
        var scanned = 0
        for segment in ProcessMemory.executableDataSegments() where scanned < byteBudget {
            let aligned = (segment.lowerBound + 7) & ~7
            let count = min(Int(segment.upperBound - min(aligned, segment.upperBound)), byteBudget - scanned) / 8
            scanned += count * 8
            // Read through Memory, not loaded in place: a sanitizer's redzones between globals
            // are the program's to touch, not a scan's.
            var index = 0
            while index < count {
                let chunk = min(count - index, Self.wordsPerRead)
                let address = aligned &+ UInt(index * 8)
                for (offset, word) in (Memory.readWords(address, count: chunk) ?? []).enumerated()
                where word % 8 == 0 && Self.contains(word, in: heap) {
                    slots.append((address &+ UInt(offset * 8), word))
                }
                index += chunk
            }
        }
        let symbols = ProcessMemory.globalNames(at: slots.map(\.slot))
        let probe = ReflectionProbe.shared
        return zip(slots, symbols).compactMap { slot, symbol in
            guard let variable = symbol.flatMap(globalVariable), modules.contains(variable.module),
                probe.layout(ofInstanceAt: slot.object) != nil
            else { return nil }
            return HeapRoot(kind: .global, name: variable.description, address: slot.object, variable: variable)
        }
        #else
        return []
        #endif
    }

    /// `static App.ChangeFeed.shared : App.ChangeFeed` reads module `App`,
    /// type `ChangeFeed`, name `shared`; nil for what is not a variable's storage.
    static func globalVariable(_ symbol: String) -> GlobalVariable? {
        let plain = HeapNames.withoutPrivateDiscriminators(symbol)
        let declaration = plain.hasPrefix("static ") ? plain.dropFirst("static ".count) : Substring(plain)
        guard let colon = declaration.range(of: " : ") else { return nil }
        let path = declaration[..<colon.lowerBound]
        guard !path.contains(" "), !path.contains("("), let dot = path.firstIndex(of: ".") else { return nil }
        let qualified = path[path.index(after: dot)...]
        let last = qualified.lastIndex(of: ".")
        return GlobalVariable(
            module: String(path[..<dot]), type: last.map { String(qualified[..<$0]) },
            name: String(last.map { qualified[qualified.index(after: $0)...] } ?? qualified))
    }

    private static func contains(_ address: UInt, in ranges: [Range<UInt>]) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= address { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(address)
    }
}
