import Leaks
import RxCore
import RxCoreLeaks
import XCTest

/// The contract between RxCore's `CallSite` and the integration that reads it out of the heap:
/// a site is one word, `bitPattern`, stored inline where a library object keeps it (the engine
/// reads a field named `site` of the type `closureSiteTypeName` names).
final class CallSiteLayoutTests: XCTestCase {
    private struct Holder {
        let before: UInt = 0xDEAD
        let site: CallSite
    }

    func testASiteIsTheOneWordItsBitPatternGives() {
        XCTAssertEqual(MemoryLayout<CallSite>.size, MemoryLayout<UInt>.size)
        XCTAssertEqual(MemoryLayout<CallSite>.alignment, MemoryLayout<UInt>.alignment)
        let site = CallSite(file: "App/Presenter.swift", line: 12)
        var holder = Holder(site: site)
        let word = withUnsafeBytes(of: &holder) {
            $0.load(fromByteOffset: MemoryLayout<Holder>.offset(of: \.site)!, as: UInt.self)
        }
        XCTAssertEqual(word, site.bitPattern)
        XCTAssertEqual(CallSite(bitPattern: word), site)
    }

    /// The integration reads a site from an address in memory, as the graph walk hands it one.
    func testTheIntegrationReadsASiteStoredInMemory() {
        XCTAssertEqual(RxCoreIntegration.shared.closureSiteTypeName, String(reflecting: CallSite.self))
        var holder = Holder(site: CallSite(file: "App/Presenter.swift", line: 12))
        let text = withUnsafeMutableBytes(of: &holder) { bytes -> String? in
            let address = UInt(bitPattern: bytes.baseAddress!) + UInt(MemoryLayout<Holder>.offset(of: \.site)!)
            return RxCoreIntegration.shared.closureSite(at: address)
        }
        XCTAssertEqual(text, "Presenter.swift:12")
    }
}
