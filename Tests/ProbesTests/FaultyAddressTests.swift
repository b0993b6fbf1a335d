import Glibc
import Probes
import XCTest

private final class Victim {
    var next: Victim?
    var closure: () -> Int = { 0 }
    var values = [1, 2, 3]
}

/// Reads of freed and foreign addresses through every query that takes an
/// address: none may crash, and what is certainly not an object reads as nil.
final class FaultyAddressTests: XCTestCase {
    private var probe: ReflectionProbe { ReflectionProbe.shared }

    override func setUpWithError() throws {
        try probe.requireAvailable()
    }

    /// Every address-taking query; the results are returned for the caller to judge.
    private func queryEverything(at address: UInt) -> (typeName: String?, layout: InstanceLayout?, size: Int?) {
        _ = Memory.read(address, count: 64)
        _ = Memory.readWords(address, count: 8)
        _ = RefCounts.snapshot(ofObjectAt: address)
        _ = probe.arrayStorage(ofObjectAt: address)
        _ = probe.wordScan(ofObjectAt: address, size: 64)
        let layout = probe.layout(ofInstanceAt: address)
        for field in layout?.fields.flatMap(\.flattened) ?? [] {
            _ = probe.existentialValue(at: address, of: field)
            _ = probe.activeCase(at: address, of: field)
        }
        return (probe.typeName(ofObjectAt: address), layout, probe.instanceSize(ofObjectAt: address))
    }

    func testFreedObjectsReadAsNothingOrAsWhatNowLivesThere() {
        var addresses: [UInt] = []
        for _ in 0..<200 {
            let victim = Victim()
            victim.next = Victim()
            victim.closure = { [next = victim.next] in next?.values.count ?? 0 }
            addresses.append(UInt(bitPattern: Unmanaged.passUnretained(victim).toOpaque()))
        }
        // Freed, and partly reused by the allocations the queries make.
        for address in addresses {
            let (name, layout, _) = queryEverything(at: address)
            if let layout { XCTAssertEqual(layout.address, address) }
            if let name { XCTAssertFalse(name.isEmpty) }
        }
    }

    func testAFreedObjectWhoseMemoryWasUnmappedReadsAsNil() throws {
        // AddressSanitizer's allocator keeps freed blocks mapped (in its
        // quarantine) instead of unmapping them (scripts/leak-check).
        try XCTSkipIf(
            dlsym(dlopen(nil, RTLD_NOW), "__asan_init") != nil, "freed memory stays mapped under AddressSanitizer")
        // Blocks this large are always mmapped by malloc, and unmapped when freed.
        var buffer: ManagedBuffer<Int, UInt8>? = ManagedBuffer<Int, UInt8>.create(minimumCapacity: 64 << 20) { _ in 0 }
        let address = UInt(bitPattern: Unmanaged.passUnretained(buffer!).toOpaque())
        XCTAssertNotNil(probe.typeName(ofObjectAt: address), "alive, it reads as an object")
        buffer = nil
        let (name, layout, size) = queryEverything(at: address)
        XCTAssertNil(name)
        XCTAssertNil(layout)
        XCTAssertNil(size)
        XCTAssertNil(Memory.readWord(address))
    }

    func testForeignAddressesReadAsNil() throws {
        var local = 42
        let stack = withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) }
        let code = unsafeBitCast(getpid as @convention(c) () -> pid_t, to: UInt.self)
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let guardPage = try XCTUnwrap(mmap(nil, pageSize, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        defer { munmap(guardPage, pageSize) }
        let foreign: [UInt] = [
            0, 8, 0xFFF, stack, stack + 4, code, UInt(bitPattern: guardPage),
            0x0000_7FFF_FFFF_F000,  // top of user space, unmapped
            0x8000_0000_0000_0000,  // non-canonical
            0xFFFF_FFFF_FF60_0000,  // kernel space (the vsyscall page)
            UInt.max - 7, UInt.max,  // reads that would wrap around
        ]
        for address in foreign {
            let (name, layout, size) = queryEverything(at: address)
            XCTAssertNil(name, String(address, radix: 16))
            XCTAssertNil(layout, String(address, radix: 16))
            XCTAssertNil(size, String(address, radix: 16))
        }
        XCTAssertNil(Memory.readWord(UInt(bitPattern: guardPage)))
        XCTAssertNil(Memory.read(UInt.max - 3, count: 8))
        XCTAssertNil(Memory.readWords(0x8000_0000_0000_0000, count: 2))
        withExtendedLifetime(local) {}
    }

    func testAStaleWordThatLooksLikeAClassReadsAsNil() {
        // What a soak met: freed memory whose first word points at zeroes (the
        // kind of a class) followed, 40 bytes on, by a pointer to a byte that
        // says "class". The runtime's field reflection would follow it blindly.
        let fakeDescriptor = UnsafeMutablePointer<UInt64>.allocate(capacity: 8)
        fakeDescriptor.initialize(repeating: 0x10, count: 8)
        let fakeMetadata = UnsafeMutablePointer<UInt>.allocate(capacity: 16)
        fakeMetadata.initialize(repeating: 0, count: 16)
        fakeMetadata[3] = 48  // instance size
        fakeMetadata[5] = UInt(bitPattern: fakeDescriptor)  // nominal type descriptor
        let object = UnsafeMutablePointer<UInt>.allocate(capacity: 6)
        object.initialize(repeating: 0, count: 6)
        object[0] = UInt(bitPattern: fakeMetadata)
        object[1] = 3  // a plausible reference count word
        defer {
            object.deallocate()
            fakeMetadata.deallocate()
            fakeDescriptor.deallocate()
        }
        let (name, layout, size) = queryEverything(at: UInt(bitPattern: object))
        XCTAssertNil(name)
        XCTAssertNil(layout)
        XCTAssertNil(size)
    }

    func testAStaleWordWhoseDescriptorLiesInAnImageReadsAsNil() {
        // The second kind the soak met: the "descriptor" lies in a loaded
        // image and its first byte says "class", but it describes no type.
        // The runtime's field reflection, handed such metadata, crashes.
        let inImage: StaticString = "\u{10}\u{10}\u{10}\u{10} not a type descriptor"
        let fakeMetadata = UnsafeMutablePointer<UInt>.allocate(capacity: 16)
        fakeMetadata.initialize(repeating: 0, count: 16)
        fakeMetadata[3] = 48
        fakeMetadata[5] = UInt(bitPattern: inImage.utf8Start)
        let object = UnsafeMutablePointer<UInt>.allocate(capacity: 6)
        object.initialize(repeating: 0, count: 6)
        object[0] = UInt(bitPattern: fakeMetadata)
        object[1] = 3
        defer {
            object.deallocate()
            fakeMetadata.deallocate()
        }
        XCTAssertNil(probe.layout(ofInstanceAt: UInt(bitPattern: object)))
        XCTAssertNil(probe.typeName(ofObjectAt: UInt(bitPattern: object)))
    }

    func testLayoutsStayRightAcrossContextRecycling() throws {
        let victim = Victim()
        victim.next = Victim()
        victim.closure = { [next = victim.next] in next?.values.count ?? 0 }
        let context = try XCTUnwrap(ClosureContext.of(victim.closure))
        let address = UInt(bitPattern: Unmanaged.passUnretained(victim).toOpaque())
        func summary(_ layout: InstanceLayout?) -> [String] {
            (layout?.fields.flatMap(\.flattened) ?? []).map {
                "\($0.name ?? "_") \($0.offset) \($0.kind) \($0.typeName ?? "?")"
            }
        }
        let first = (summary(probe.layout(ofInstanceAt: address)), summary(probe.layout(ofInstanceAt: context)))
        XCTAssertFalse(first.0.isEmpty)
        XCTAssertFalse(first.1.isEmpty)
        // Enough closure-context queries to replace RemoteMirror's context more than once.
        for _ in 0..<12_000 {
            XCTAssertEqual(summary(probe.layout(ofInstanceAt: context)), first.1)
            if first.1.isEmpty { break }
        }
        XCTAssertEqual(summary(probe.layout(ofInstanceAt: address)), first.0)
        XCTAssertEqual(probe.typeName(ofObjectAt: address)?.hasSuffix("Victim"), true)
    }
}
