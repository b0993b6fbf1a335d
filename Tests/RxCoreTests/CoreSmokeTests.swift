import RxCore
import XCTest

final class CoreSmokeTests: RxTestCase {
    func testMapFilterOnPublishSubjectDeliversAndRecordsTheSubscription() {
        var received: [Int] = []
        let before = Resources.snapshot()
        let subject = PublishSubject<Int>()
        let bag = DisposeBag()
        subject.map { $0 * 10 }.filter { $0 > 10 }
            .subscribe(onNext: { received.append($0) })
            .disposed(by: bag)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        XCTAssertEqual(received, [20, 30])

        let live = liveSubscriptionsOfThisTest
        XCTAssertEqual(live.count, 1)
        XCTAssertEqual(live.first?.chain, "PublishSubject<Int> → map → filter → subscribe")
        XCTAssertEqual(live.first?.site.fileName, "CoreSmokeTests.swift")
        XCTAssertEqual(live.first?.site.line, 11, "a chain records the line its statement starts on")
        XCTAssertEqual(live.first?.owner, bag.identity)
        XCTAssertEqual(Resources.snapshot().difference(from: before)["MapSink"], 1)
    }

    func testCompletionRemovesTheSubscriptionFromTheRegistry() {
        var events: [String] = []
        _ = Observable.just(1).subscribe(
            onNext: { events.append("next \($0)") },
            onCompleted: { events.append("completed") },
            onDisposed: { events.append("disposed") })
        XCTAssertEqual(events, ["next 1", "completed", "disposed"])
        XCTAssertTrue(liveSubscriptionsOfThisTest.isEmpty)
    }
}
