/// Positions by object address, for a graph walk's lookups: open addressing
/// with linear probing and a multiplicative hash of the page, several times
/// cheaper per lookup than a `Dictionary`'s seeded SipHash over a million objects.
/// Addresses are never 0, which marks an empty slot.
struct AddressTable {
    private var keys: [UInt]
    private var values: [Int]
    /// `keys.count - 1`; the capacity is a power of two.
    private var mask: Int
    private(set) var count = 0

    init() {
        keys = Array(repeating: 0, count: 64)
        values = Array(repeating: 0, count: 64)
        mask = 63
    }

    subscript(address: UInt) -> Int? {
        var slot = Self.slot(of: address, mask: mask)
        while true {
            let key = keys[slot]
            if key == address { return values[slot] }
            if key == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// The value recorded for `address`; when there is none, records
    /// `value` and returns it. One probe sequence for the lookup and the insert.
    mutating func value(for address: UInt, insertingIfAbsent value: Int) -> Int {
        precondition(address != 0, "AddressTable: 0 is not an address")
        if (count + 1) * 2 > keys.count { grow() }
        var slot = Self.slot(of: address, mask: mask)
        while true {
            let key = keys[slot]
            if key == address { return values[slot] }
            if key == 0 { break }
            slot = (slot + 1) & mask
        }
        keys[slot] = address
        values[slot] = value
        count += 1
        return value
    }

    /// Records `value` for `address`, which must not be in the table yet.
    mutating func insert(_ value: Int, for address: UInt) {
        precondition(address != 0, "AddressTable: 0 is not an address")
        // At most half full, so probes stay short.
        if (count + 1) * 2 > keys.count { grow() }
        var slot = Self.slot(of: address, mask: mask)
        while keys[slot] != 0 { slot = (slot + 1) & mask }
        keys[slot] = address
        values[slot] = value
        count += 1
    }

    private mutating func grow() {
        let old = zip(keys, values).filter { $0.0 != 0 }
        keys = Array(repeating: 0, count: keys.count * 2)
        values = Array(repeating: 0, count: keys.count)
        mask = keys.count - 1
        count = 0
        for (address, value) in old { insert(value, for: address) }
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
