import Foundation
import Probes
import XCTest

final class BacktraceTests: XCTestCase {
    func testCaptureReturnsFramesStartingAtTheCaller() throws {
        try XCTSkipUnless(Backtrace.isAvailable, "libunwind is not installed")
        let frames = Backtrace.capture(maxFrames: 8)
        XCTAssertEqual(frames.count, 8, "an XCTest stack is deeper than eight frames")
        XCTAssertFalse(frames.contains(0))
        XCTAssertEqual(Backtrace.capture(maxFrames: 0), [])
    }

    func testACaptureTakesNoMoreRoomThanItsFrames() throws {
        try XCTSkipUnless(Backtrace.isAvailable, "libunwind is not installed")
        let frames = Backtrace.capture(maxFrames: 1_000)
        XCTAssertLessThan(frames.count, 1_000, "an XCTest stack is shallower than a thousand frames")
        XCTAssertLessThanOrEqual(frames.capacity, frames.count + 2, "kept at its own size, not at maxFrames")
    }

    func testSkipDropsTheHelpersFrame() throws {
        try XCTSkipUnless(Backtrace.isAvailable, "libunwind is not installed")
        let direct = Backtrace.capture(maxFrames: 4)
        let viaHelper = captureOnBehalfOfCaller()
        XCTAssertEqual(viaHelper.count, 4)
        // Both start with a return address inside this test function, one line apart.
        let names = Backtrace.symbolicate([direct[0], viaHelper[0]]).filter { !$0.isInlined }.map(\.function)
        XCTAssertEqual(names.count, 2)
        XCTAssertEqual(names[0], names[1])
    }

    @inline(never)
    private func captureOnBehalfOfCaller() -> [UInt] {
        Backtrace.capture(skip: 1, maxFrames: 4)
    }

    func testSymbolicationNamesTheTestFunctionFileAndLine() throws {
        try XCTSkipUnless(Backtrace.isAvailable, "libunwind is not installed")
        let line = #line + 1
        let addresses = Backtrace.capture(maxFrames: 16)
        let frames = Backtrace.symbolicate(addresses)
        let first = try XCTUnwrap(frames.first)
        XCTAssertEqual(first.address, addresses[0])
        XCTAssertTrue(
            first.function?.contains("testSymbolicationNamesTheTestFunctionFileAndLine") == true,
            "got \(frames.prefix(3))")
        XCTAssertEqual(first.file.map { ($0 as NSString).lastPathComponent }, "BacktraceTests.swift")
        XCTAssertEqual(first.line, line)
        XCTAssertTrue(first.description.contains("BacktraceTests.swift:\(line)"), first.description)
        XCTAssertTrue(
            frames.contains { $0.function?.contains("XCTest") == true || $0.image?.contains("XCTest") == true })
    }

    func testSymbolicatingAnUnmappedAddressKeepsTheAddress() {
        let frames = Backtrace.symbolicate([0x10])
        XCTAssertEqual(frames.map(\.address), [0x10])
        XCTAssertNil(frames.first?.line)
        XCTAssertEqual(Backtrace.symbolicate([]), [])
    }

    func testDemangleReadsSwiftSymbolsOnly() {
        XCTAssertEqual(Backtrace.demangle("$sSi"), "Swift.Int")
        XCTAssertNil(Backtrace.demangle("malloc"))
    }
}
