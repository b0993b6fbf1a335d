import Leaks
import RxCore
import XCTest

/// RxCore's async bridge subscribes for the code that asks for `values`: its subscription is placed there, not
/// inside RxCore.
final class ValuesBridgeTests: XCTestCase {
    func testTheSubscriptionOfValuesIsPlacedAtTheCallerOfValues() throws {
        let subject = PublishSubject<Int>()
        var stream: AsyncThrowingStream<Int, Error>?
        let report = LeakCheck.run("values left") { _ in
            stream = subject.values
        }
        defer {
            subject.onCompleted()
            stream = nil
        }
        XCTAssertNotNil(stream)
        let subscription = try XCTUnwrap(report.liveSubscriptions.first, report.description)
        XCTAssertEqual(subscription.site.description, "ValuesBridgeTests.swift:\(#line - 8)", report.description)
    }
}
