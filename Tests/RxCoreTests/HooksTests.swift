import RxCore
import XCTest

final class HooksTests: RxTestCase {
    private struct Boom: Error {}

    override func tearDown() {
        Hooks.recordCallStackOnError = false
        super.tearDown()
    }

    func testAnUnhandledErrorCarriesTheCapturedStackOnlyWhenAskedForAndTheSiteAlways() {
        var reports: [[String]] = []
        let (originalHandler, originalCapture) = (Hooks.defaultErrorHandler, Hooks.customCaptureSubscriptionCallstack)
        defer {
            (Hooks.defaultErrorHandler, Hooks.customCaptureSubscriptionCallstack) = (originalHandler, originalCapture)
        }
        Hooks.defaultErrorHandler = { callStack, error in
            XCTAssertTrue(error is Boom)
            reports.append([Hooks.siteOfUnhandledError?.description ?? "no site"] + callStack)
        }
        Hooks.customCaptureSubscriptionCallstack = { ["frame 0", "frame 1"] }

        let firstLine = #line + 1
        _ = Observable<Int>.error(Boom()).subscribe()
        Hooks.recordCallStackOnError = true
        _ = Observable<Int>.error(Boom()).subscribe()

        XCTAssertEqual(
            reports, [["HooksTests.swift:\(firstLine)"], ["HooksTests.swift:\(firstLine + 2)", "frame 0", "frame 1"]])
        XCTAssertNil(Hooks.siteOfUnhandledError, "only while the handler runs")
    }
}
