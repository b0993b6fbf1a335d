@testable import Leaks
import XCTest

/// The graph walk's address → position table.
final class AddressTableTests: XCTestCase {
    /// Addresses 16 bytes apart, as objects are, and addresses whose bits
    /// differ only above the ones the hash keeps: every one is found after the
    /// table grew many times, and none that was not put in.
    func testEveryAddressPutInIsFoundAndNoOther() {
        var table = AddressTable()
        let aligned = (1...50_000).map { UInt(0x7f00_0000_0000) + UInt($0) * 16 }
        let farApart = (1...1_000).map { UInt($0) << 40 }
        for (position, address) in (aligned + farApart).enumerated() { table.insert(position, for: address) }
        XCTAssertEqual(table.count, 51_000)
        for (position, address) in (aligned + farApart).enumerated() {
            XCTAssertEqual(table[address], position)
        }
        XCTAssertNil(table[UInt(0x7f00_0000_0000) + 8])
        XCTAssertNil(table[UInt(0x7f00_0000_0000) + 50_001 * 16])
        XCTAssertNil(table[UInt(1_001) << 40])
    }

    /// A table made room for at once (a walk meeting a large array) finds
    /// what was put in before and after.
    func testReservedRoomKeepsWhatWasIn() {
        var table = AddressTable()
        let addresses = (1...20_000).map { UInt(0x7f00_0000_0000) + UInt($0) * 16 }
        for (position, address) in addresses.prefix(100).enumerated() { table.insert(position, for: address) }
        table.reserveCapacity(20_000)
        for (position, address) in addresses.enumerated().dropFirst(100) {
            XCTAssertEqual(table.value(for: address, insertingIfAbsent: position), position)
        }
        XCTAssertEqual(table.count, 20_000)
        for (position, address) in addresses.enumerated() { XCTAssertEqual(table[address], position) }
    }
}
