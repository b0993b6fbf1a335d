import Foundation

/// The objects that `NotificationCenter.default`'s observer blocks refer to:
/// its table cannot be read by reflection, so its memory is searched word by
/// word, each allocation sized by the allocator's header before it, a few
/// levels deep and within a budget. A word is only a candidate (a scan this
/// wide also reads the check's own objects): see ``holds(_:inspector:)``.
struct ObserverTable {
    /// The allocations each word was read from, a few per word.
    private let containers: [UInt: [UInt]]

    private static let depth = 6
    private static let allocationBudget = 4_096
    private static let wordBudget = 1 << 20
    private static let containersPerWord = 4

    /// Reads the default center's table as it is now.
    init() {
        let center = UInt(bitPattern: Unmanaged.passUnretained(NotificationCenter.default).toOpaque())
        var containers: [UInt: [UInt]] = [center: []], frontier = [center]
        var allocations = 0, read = 0
        for _ in 0..<Self.depth {
            var next: [UInt] = []
            for address in frontier where allocations < Self.allocationBudget && read < Self.wordBudget {
                guard let content = HiddenHolder.chunkWords(at: address) else { continue }
                allocations += 1
                read += content.count
                for word in content where word >= 0x10000 && word % 16 == 0 {
                    guard let found = containers[word] else {
                        containers[word] = [address]
                        next.append(word)
                        continue
                    }
                    if found.count < Self.containersPerWord, !found.contains(address) {
                        containers[word]?.append(address)
                    }
                }
            }
            frontier = next
        }
        self.containers = containers
    }

    /// Whether an observer block holds the object at `address`: a word the scan
    /// read it from lies in a closure context that captures it strongly, or in
    /// memory that is no Swift object (the table's own storage, a block). One
    /// read from an instance of a class is that object's field, which the check
    /// reads itself; one from a context that holds it weakly or unowned is no hold.
    func holds(_ address: UInt, inspector: HeapInspector) -> Bool {
        (containers[address] ?? []).contains { container in
            guard let node = inspector.node(at: container) else { return true }
            guard node.closure != nil || node.kind == .closure || node.kind == .closureContext else { return false }
            return node.references.contains { $0.target == address && $0.kind == .strong }
        }
    }

    /// The cause of an object the table holds.
    static let cause = LeakCause(
        outsideHolder: "NotificationCenter.default's observer table keeps a block given to "
            + "addObserver(forName:object:queue:using:) that captures it strongly (found by a word scan)")

    static let pattern = LeakPattern(
        id: "notification-observer-captures-self", name: "a notification observer block captures the object strongly",
        source: nil,
        fix:
            "capture [weak self] in the block, and remove the observer (NotificationCenter.default.removeObserver(token)) in deinit"
    )
}
