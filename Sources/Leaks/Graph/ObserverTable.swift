import Foundation

/// The objects that `NotificationCenter.default`'s observer blocks refer to:
/// its table cannot be read by reflection, so its memory is searched word by
/// word, each allocation sized by the allocator's header before it, a few
/// levels deep and within a budget. An object found there is held by an
/// observer block that captured it (a `[weak self]` capture stores another
/// address; an `unowned` one would be taken for strong).
struct ObserverTable {
    /// Every word read from the table's memory.
    private let words: Set<UInt>

    private static let depth = 6
    private static let allocationBudget = 4_096
    private static let wordBudget = 1 << 20

    /// Reads the default center's table as it is now.
    init() {
        let center = UInt(bitPattern: Unmanaged.passUnretained(NotificationCenter.default).toOpaque())
        var seen: Set<UInt> = [center], frontier = [center]
        var allocations = 0, read = 0
        for _ in 0..<Self.depth {
            var next: [UInt] = []
            for address in frontier where allocations < Self.allocationBudget && read < Self.wordBudget {
                guard let content = HiddenHolder.chunkWords(at: address) else { continue }
                allocations += 1
                read += content.count
                for word in content where word >= 0x10000 && word % 16 == 0 && seen.insert(word).inserted {
                    next.append(word)
                }
            }
            frontier = next
        }
        words = seen
    }

    /// Whether an observer block holds the object at `address`.
    func holds(_ address: UInt) -> Bool { words.contains(address) }

    /// The cause of an object the table holds.
    static let cause = LeakCause(outsideHolder: "NotificationCenter.default's observer table keeps a block given to "
        + "addObserver(forName:object:queue:using:) that captures it strongly (found by a word scan)")

    static let pattern = LeakPattern(
        id: "notification-observer-captures-self", name: "a notification observer block captures the object strongly", source: nil,
        fix: "capture [weak self] in the block, and remove the observer (NotificationCenter.default.removeObserver(token)) in deinit")
}
