import RxCore
import RxCoreTesting
import XCTest

private enum TestError: Error { case first }

final class CompletableCombiningTests: RxTestCase {
    func testZipRunsAllAtOnceAndCompletesAfterTheLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([Recorded<Event<Never>>.completed(250)])
        let second = scheduler.createHotObservable([Recorded<Event<Never>>.completed(300)])

        let res = scheduler.start { Completable.zip(first.asCompletable(), second.asCompletable()) }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(second.subscriptions, [Subscription(200, 300)])
    }

    func testConcatRunsOneAfterAnotherAndStopsAtAnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.error(50, TestError.first)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])

        let res = scheduler.start { first.asCompletable().concat(second.asCompletable()) }

        XCTAssertEqual(res.events, [.error(250, TestError.first)])
        XCTAssertEqual(second.subscriptions, [])
    }

    func testTraitEventsCompareKindsElementsAndErrors() {
        XCTAssertEqual(MaybeEvent.success(1), MaybeEvent.success(1))
        XCTAssertNotEqual(MaybeEvent.success(1), MaybeEvent<Int>.completed)
        XCTAssertNotEqual(CompletableEvent.completed, CompletableEvent.error(TestError.first))
        XCTAssertEqual(CompletableEvent.error(TestError.first), CompletableEvent.error(TestError.first))
    }
}
