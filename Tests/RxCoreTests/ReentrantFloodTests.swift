@testable import RxCore
import XCTest

/// An observer that always sends into the subject delivering to it would
/// recurse until the stack overflows; the subject drops what nests too deep.
final class ReentrantFloodTests: RxTestCase {
    func testAFeedbackLoopThroughASubjectIsBoundedAndRecorded() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let start = Date()
        let subscription = subject.subscribe(onNext: { value in
            received.append(value)
            subject.onNext(value + 1)
        })
        subject.onNext(0)
        subscription.dispose()

        XCTAssertEqual(received, Array(0...maximumReentrantDeliveryDepth))
        let recorded = Resources.diagnostics.filter { $0.kind == .reentrantDelivery && $0.date >= start }
        XCTAssertEqual(recorded.count, maximumReentrantDeliveryDepth + 1, "every re-entry, the dropped one too")
    }

    func testShallowReentrancyStillGoesThroughAtOnce() {
        let relay = BehaviorSubject(value: 0)
        var received: [Int] = []
        let subscription = relay.subscribe(onNext: { value in
            received.append(value)
            if value < 3 { relay.onNext(value + 1) }
        })
        subscription.dispose()
        XCTAssertEqual(received, [0, 1, 2, 3])
    }
}
