import RxCore
import XCTest

final class CallSiteTests: XCTestCase {
    func testKeepsTheFileTheLineAndTheFunction() {
        let site = CallSite(file: "Feature/Presenter.swift", line: 42, function: "bind()")
        XCTAssertEqual(site.file, "Feature/Presenter.swift")
        XCTAssertEqual(site.fileName, "Presenter.swift")
        XCTAssertEqual(site.line, 42)
        XCTAssertEqual(site.function, "bind()")
        XCTAssertEqual(site.description, "Presenter.swift:42")
    }

    func testKeepsNonASCIIFilesAndTheLargestLine() {
        let site = CallSite(file: "Fonctionnalité/Présentateur.swift", line: .max, function: "lier()")
        XCTAssertEqual(site.fileName, "Présentateur.swift")
        XCTAssertEqual(site.function, "lier()")
        XCTAssertEqual(site.line, .max)
    }

    func testDefaultsToNoFunctionAndComparesByContent() {
        let site = CallSite(file: #fileID, line: 7)
        XCTAssertEqual(site.function, "")
        XCTAssertEqual(site, CallSite(file: "RxCoreTests/CallSiteTests.swift", line: 7))
        XCTAssertNotEqual(site, CallSite(file: #fileID, line: 8))
        XCTAssertEqual(Set([site, CallSite(file: "RxCoreTests/CallSiteTests.swift", line: 7)]).count, 1)
    }
}
