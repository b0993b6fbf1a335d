import Glibc
import Probes
import XCTest

final class MemoryTests: XCTestCase {
    func testReadsOfOwnMemoryReturnTheBytes() {
        var value: UInt = 0x0123_4567_89AB_CDEF
        let address = withUnsafePointer(to: &value) { UInt(bitPattern: $0) }
        XCTAssertEqual(Memory.readWord(address), 0x0123_4567_89AB_CDEF)
        XCTAssertEqual(Memory.read(address, count: 2), [0xEF, 0xCD])
        XCTAssertEqual(Memory.readWords(address, count: 1), [0x0123_4567_89AB_CDEF])
        XCTAssertEqual(Memory.read(address, count: 0), [])
    }

    func testAddressNearZeroReadsAsNil() {
        XCTAssertNil(Memory.readWord(0x10))
        XCTAssertNil(Memory.read(0x10, count: 4))
        XCTAssertNil(Memory.readWord(0))
    }

    func testUnmappedAndProtectedPagesReadAsNil() throws {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let mapping = try XCTUnwrap(mmap(nil, 2 * pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        XCTAssertNotEqual(mapping, MAP_FAILED)
        let base = UInt(bitPattern: mapping)
        XCTAssertEqual(Memory.readWord(base), 0)

        XCTAssertEqual(mprotect(mapping + pageSize, pageSize, PROT_NONE), 0)
        XCTAssertNil(Memory.readWord(base + UInt(pageSize)), "protected page")
        XCTAssertNil(Memory.read(base + UInt(pageSize) - 4, count: 8), "a read straddling into it")
        XCTAssertNotNil(Memory.read(base + UInt(pageSize) - 8, count: 8))

        XCTAssertEqual(munmap(mapping, 2 * pageSize), 0)
        XCTAssertNil(Memory.readWord(base), "unmapped page")
    }
}
