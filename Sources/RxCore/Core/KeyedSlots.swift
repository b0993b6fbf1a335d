/// Values kept in the order of their keys, each removable by its key: the
/// subscriptions of an operator's inner sequences.
///
/// A removed value leaves a `nil` until the next compaction, so removal never
/// shifts the array (a bag disposing thousands of subscriptions in order would
/// otherwise be quadratic).
struct KeyedSlots<Value> {
    typealias Entries = ContiguousArray<(key: Int, value: Value?)>

    private(set) var entries: Entries = []
    private var removed = 0

    var count: Int { entries.count - removed }

    /// Keys usually arrive in increasing order and are appended; one that
    /// does not is placed by its key.
    mutating func insert(_ value: Value, key: Int) {
        if let last = entries.last, last.key > key {
            entries.insert((key, value), at: index(of: key))
        } else {
            entries.append((key, value))
        }
    }

    /// Removes and returns the value for `key`, if it is still here.
    @discardableResult
    mutating func remove(_ key: Int) -> Value? {
        let index = index(of: key)
        guard index < entries.count, entries[index].key == key, let value = entries[index].value else { return nil }
        entries[index].value = nil
        removed += 1
        if removed > 16, removed * 2 > entries.count {
            entries.removeAll { $0.value == nil }
            removed = 0
        }
        return value
    }

    /// Empties the slots; returns what they held, in key order.
    mutating func removeAll() -> Entries {
        defer {
            entries = []
            removed = 0
        }
        return entries
    }

    /// The first position whose key is not below `key`.
    private func index(of key: Int) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
