/// Positions by object address, for a graph walk's lookups: open addressing
/// with linear probing and a multiplicative hash of the page, several times
/// cheaper per lookup than a `Dictionary`'s seeded SipHash over a million objects.
/// Addresses are never 0, which marks an empty slot.
struct AddressTable {
    /// An address beside its value: one cache line holds both, where two
    /// arrays cost two misses per probe in a table of tens of megabytes.
    private struct Slot {
        var key: UInt
        var value: Int
    }

    private var slots: [Slot]
    /// `slots.count - 1`; the capacity is a power of two.
    private var mask: Int
    private(set) var count = 0

    init() {
        slots = Array(repeating: Slot(key: 0, value: 0), count: 64)
        mask = 63
    }

    subscript(address: UInt) -> Int? {
        var slot = Self.slot(of: address, mask: mask)
        while true {
            let key = slots[slot].key
            if key == address { return slots[slot].value }
            if key == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// The value recorded for `address`; when there is none, records
    /// `value` and returns it. One probe sequence for the lookup and the insert.
    mutating func value(for address: UInt, insertingIfAbsent value: Int) -> Int {
        precondition(address != 0, "AddressTable: 0 is not an address")
        if (count + 1) * 2 > slots.count { grow(toHold: count + 1) }
        var slot = Self.slot(of: address, mask: mask)
        while true {
            let key = slots[slot].key
            if key == address { return slots[slot].value }
            if key == 0 { break }
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(key: address, value: value)
        count += 1
        return value
    }

    /// Records `value` for `address`, which must not be in the table yet.
    mutating func insert(_ value: Int, for address: UInt) {
        precondition(address != 0, "AddressTable: 0 is not an address")
        // At most half full, so probes stay short.
        if (count + 1) * 2 > slots.count { grow(toHold: count + 1) }
        var slot = Self.slot(of: address, mask: mask)
        while slots[slot].key != 0 { slot = (slot + 1) & mask }
        slots[slot] = Slot(key: address, value: value)
        count += 1
    }

    /// Makes room for `count` entries at once: a walk that meets an array of
    /// a million objects grows the table once, not twenty times.
    mutating func reserveCapacity(_ count: Int) {
        if count * 2 > slots.count { grow(toHold: count) }
    }

    private mutating func grow(toHold count: Int) {
        var capacity = slots.count * 2
        while count * 2 > capacity { capacity *= 2 }
        let old = slots
        slots = Array(repeating: Slot(key: 0, value: 0), count: capacity)
        mask = capacity - 1
        self.count = 0
        for slot in old where slot.key != 0 { insert(slot.value, for: slot.key) }
    }

    /// Objects are 16-byte aligned: the low bits carry nothing. The page
    /// number is spread by a multiplication; the place within the page is
    /// added back, so the objects of one page, which a walk meets together,
    /// sit in neighbouring slots (a few cache lines, not one miss each).
    private static func slot(of address: UInt, mask: Int) -> Int {
        let page = (address >> 12) &* 0x9E37_79B9_7F4A_7C15
        let spread = Int(truncatingIfNeeded: page >> 32) &+ Int(truncatingIfNeeded: (address >> 4) & 0xFF)
        return spread & mask
    }
}
