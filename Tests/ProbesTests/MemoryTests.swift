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

    func testManyPlacesAreReadTogetherAndAnUnreadableOneFailsAlone() throws {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let mapping = try XCTUnwrap(mmap(nil, 2 * pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        XCTAssertNotEqual(mapping, MAP_FAILED)
        defer { munmap(mapping, 2 * pageSize) }
        let base = UInt(bitPattern: mapping)
        let words = mapping.assumingMemoryBound(to: UInt.self)
        for index in 0..<(pageSize / 8) { words[index] = UInt(index) }
        XCTAssertEqual(mprotect(mapping + pageSize, pageSize, PROT_NONE), 0)

        // Past the kernel's batch of 512 ranges too, with unreadable places
        // first, in the middle, straddling into the protected page and last.
        var addresses = (0..<600).map { base + UInt($0 % 100) * 16 }
        addresses[0] = 0x10
        addresses[300] = base + UInt(pageSize)
        addresses[450] = base + UInt(pageSize) - 8
        addresses[599] = base + UInt(pageSize) + 64
        let read = Memory.readWords(at: addresses, count: 2)
        XCTAssertEqual(read.count, 600)
        for (index, words) in read.enumerated() {
            if [0, 300, 450, 599].contains(index) {
                XCTAssertNil(words, "place \(index)")
            } else {
                let first = UInt(index % 100) * 2
                XCTAssertEqual(words, [first, first + 1], "place \(index)")
            }
        }
        XCTAssertEqual(Memory.readWords(at: [], count: 2).count, 0)
    }
}
