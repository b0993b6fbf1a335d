import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error {}

final class ZipTests: RxTestCase {
    func testPairsByPositionBufferingTheFasterSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])
        let ys = scheduler.createHotObservable([.next(250, "a"), .next(260, "b"), .next(350, "c"), .completed(400)])

        let res = scheduler.start { Observable.zip(xs, ys) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(250, "1a"), .next(260, "2b"), .next(350, "3c"), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 400)])
    }

    /// RxSwift 6: zip of two to eight sources waits for every source's
    /// completion, even when an element can never be paired any more.
    func testCompletesWhenEverySourceHasCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(230, "a"), .next(240, "b"), .completed(500)])

        let res = scheduler.start { Observable.zip(xs, ys).map { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(230, "1a"), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 500)])
    }

    /// RxSwift 6: zip of a collection ends at an element that can never be
    /// paired, once every other source has completed.
    func testCollectionFormCompletesWhenAnElementCanNeverBePaired() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(230, 10), .next(240, 20), .completed(500)])

        let res = scheduler.start { Observable.zip([xs, ys]) }

        XCTAssertEqual(res.events, [.next(230, [1, 10]), .completed(240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testAnEmptySourceAloneDoesNotEndZip() {
        let scheduler = TestScheduler(initialClock: 0)
        let never = scheduler.createHotObservable([] as [Recorded<Event<Int>>])
        let empty = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])

        let res = scheduler.start { Observable.zip(never, empty, resultSelector: +) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
    }

    func testErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let ys = scheduler.createHotObservable([.next(215, 10), .error(230, TestError())])

        let res = scheduler.start { Observable.zip(xs, ys, resultSelector: +) }

        XCTAssertEqual(res.events, [.next(215, 11), .error(230, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testThrowingSelectorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let ys = scheduler.createHotObservable([.next(215, 10), .next(225, 20)])

        let res = scheduler.start {
            Observable.zip(xs, ys) { x, y -> Int in
                if x == 2 { throw TestError() }
                return x + y
            }
        }

        XCTAssertEqual(res.events, [.next(215, 11), .error(225, TestError())])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 225)])
    }

    func testArityThree() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(211, 2), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, "x"), .next(221, "y"), .completed(300)])
        let c = scheduler.createHotObservable([.next(230, true), .next(240, false), .completed(250)])

        let res = scheduler.start { Observable.zip(a, b, c) { "\($0)\($1)\($2)" } }
        let tuples = TestScheduler(initialClock: 0)
        let tupled = tuples.start {
            Observable.zip(Observable.of(1, 2), Observable.just("z"), Observable.just(0.5)).map { "\($0)\($1)\($2)" }
        }

        XCTAssertEqual(res.events, [.next(230, "1xtrue"), .next(240, "2yfalse"), .completed(300)])
        XCTAssertEqual(c.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(tupled.events, [.next(200, "1z0.5"), .completed(200)])
    }

    func testCollectionForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(225)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(230, 20), .next(240, 30), .completed(400)])

        let res = scheduler.start { Observable.zip([xs, ys]) }
        let summed = TestScheduler(initialClock: 0)
        let sums = summed.start { Observable.zip([Observable.of(1, 2), Observable.of(10, 20)]) { $0.reduce(0, +) } }

        XCTAssertEqual(res.events, [.next(220, [1, 10]), .next(230, [2, 20]), .completed(240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(sums.events, [.next(200, 11), .next(200, 22), .completed(200)])
    }
}
