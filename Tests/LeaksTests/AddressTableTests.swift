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
}
