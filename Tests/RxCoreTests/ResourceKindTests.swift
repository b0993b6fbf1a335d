@testable import RxCore
import Synchronization
import XCTest

final class ResourceKindTests: XCTestCase {
    private func listings(of name: String) -> Int {
        ResourceKindTable.shared.liveCounts.filter { $0.name == name }.count
    }

    func testAKindIsListedFromItsFirstUseAndCountsItsResources() {
        let kind = ResourceKind("ResourceKindTests.FirstUse", .sink)
        XCTAssertEqual(listings(of: kind.name), 0, "declared but never used")

        do {
            let token = ResourceToken(kind)
            XCTAssertEqual(Resources.snapshot()["ResourceKindTests.FirstUse"], 1)
            XCTAssertEqual(kind.liveCount, 1)
            _ = consume token
        }
        XCTAssertEqual(kind.liveCount, 0)
        XCTAssertEqual(listings(of: kind.name), 1)
    }

    /// Two threads counting a kind's first resources at once both register
    /// it: the one that takes the table's lock second finds the index the
    /// first gave and adds nothing.
    func testRegisteringAKindAgainKeepsItsIndex() {
        let index = Atomic<Int32>(-1)
        let first = ResourceKindTable.shared.register(name: "ResourceKindTests.Twice", family: .sink, index: index)
        let second = ResourceKindTable.shared.register(name: "ResourceKindTests.Twice", family: .sink, index: index)

        XCTAssertEqual(second, first)
        XCTAssertEqual(index.load(ordering: .relaxed), first)
        XCTAssertEqual(listings(of: "ResourceKindTests.Twice"), 1)
    }
}
