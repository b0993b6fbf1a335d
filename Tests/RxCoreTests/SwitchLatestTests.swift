import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error {}

/// switchLatest and flatMapLatest.
final class SwitchLatestTests: RxTestCase {
    func testFlatMapLatestDisposesThePreviousInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2), .completed(500)])
        let ys1 = scheduler.createColdObservable([.next(10, 11), .next(150, 12), .completed(200)])
        let ys2 = scheduler.createColdObservable([.next(10, 21), .completed(100)])

        let res = scheduler.start { xs.flatMapLatest { $0 == 1 ? ys1 : ys2 } }

        XCTAssertEqual(res.events, [.next(220, 11), .next(310, 21), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 300)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(300, 400)])
    }

    func testFlatMapLatestCompletesWhenTheLatestInnerCompletesAfterTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let ys = scheduler.createColdObservable([.next(100, 11), .completed(200)])

        let res = scheduler.start { xs.flatMapLatest { _ in ys } }

        XCTAssertEqual(res.events, [.next(310, 11), .completed(410)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(210, 410)])
    }

    func testFlatMapLatestSelectorThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2), .completed(500)])
        let ys = scheduler.createColdObservable([.next(10, 11), .completed(500)])

        let res = scheduler.start {
            xs.flatMapLatest { value -> TestableObservable<Int> in
                if value == 2 { throw TestError() }
                return ys
            }
        }

        XCTAssertEqual(res.events, [.next(220, 11), .error(300, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(210, 300)])
    }

    func testSwitchLatestFollowsTheLatestInnerAndIgnoresTheReplacedOnesError() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([
            .next(10, 101), .next(20, 102), .next(110, 103), .error(120, TestError()),
        ])
        let ys2 = scheduler.createColdObservable([
            .next(10, 201), .next(20, 202), .next(30, 203), .next(40, 204), .completed(50),
        ])
        let ys3 = scheduler.createColdObservable([
            .next(10, 301), .next(20, 302), .next(30, 303), .next(40, 304), .completed(150),
        ])
        let xs = scheduler.createHotObservable([
            .next(300, ys1.asObservable()), .next(400, ys2.asObservable()), .next(500, ys3.asObservable()),
            .completed(600),
        ])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(
            res.events,
            [
                .next(310, 101), .next(320, 102),
                .next(410, 201), .next(420, 202), .next(430, 203), .next(440, 204),
                .next(510, 301), .next(520, 302), .next(530, 303), .next(540, 304),
                .completed(650),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 400)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(400, 450)])
        XCTAssertEqual(ys3.subscriptions, [Subscription(500, 650)])
    }

    func testSwitchLatestInnerErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .error(20, TestError())])
        let xs = scheduler.createHotObservable([.next(300, ys1.asObservable()), .completed(600)])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(res.events, [.next(310, 101), .error(320, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 320)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 320)])
    }

    func testSwitchLatestDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(200, 102)])
        let xs = scheduler.createHotObservable([.next(300, ys1.asObservable())])

        let res = scheduler.start(disposed: 400) { xs.switchLatest() }

        XCTAssertEqual(res.events, [.next(310, 101)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 400)])
    }
}
