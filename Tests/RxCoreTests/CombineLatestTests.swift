import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error {}

final class CombineLatestTests: RxTestCase {
    func testWaitsForEverySourceThenSendsOnEachElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(230, 3), .completed(400)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(240, 4), .completed(500)])

        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 * 10 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 12), .next(230, 32), .next(240, 34), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 500)])
    }

    func testTupleForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(230, "b"), .completed(300)])

        let res = scheduler.start { Observable.combineLatest(xs, ys).map { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(220, "1a"), .next(230, "1b"), .completed(400)])
    }

    func testASourceThatCompletesEmptyDoesNotEndTheOthersAlone() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let never = scheduler.createHotObservable([] as [Recorded<Event<Int>>])

        let res = scheduler.start { Observable.combineLatest(empty, never, resultSelector: +) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
    }

    func testCompletesWhenTheOthersAreDoneAndOneNeverSent() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let values = scheduler.createHotObservable([.next(215, 2), .completed(220)])

        let res = scheduler.start { Observable.combineLatest(empty, values, resultSelector: +) }

        XCTAssertEqual(res.events, [.completed(215)])
        XCTAssertEqual(values.subscriptions, [Subscription(200, 215)])
    }

    func testErrorOfEitherEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3)])
        let ys = scheduler.createHotObservable([.next(220, 2), .error(225, TestError())])

        let res = scheduler.start { Observable.combineLatest(xs, ys, resultSelector: +) }

        XCTAssertEqual(res.events, [.next(220, 3), .error(225, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 225)])
    }

    func testThrowingSelectorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3)])
        let ys = scheduler.createHotObservable([.next(220, 2)])

        let res = scheduler.start {
            Observable.combineLatest(xs, ys) { x, y -> Int in
                if x == 3 { throw TestError() }
                return x + y
            }
        }

        XCTAssertEqual(res.events, [.next(220, 3), .error(230, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testArityThreeAndFour() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, 2), .completed(300)])
        let c = scheduler.createHotObservable([.next(230, 3), .next(240, 4), .completed(300)])
        let d = scheduler.createHotObservable([.next(235, 5), .completed(310)])

        let three = scheduler.createObserver(String.self)
        let four = scheduler.createObserver(String.self)
        scheduler.scheduleAt(200) {
            _ = Observable.combineLatest(a, b, c) { "\($0)\($1)\($2)" }.subscribe(three)
            _ = Observable.combineLatest(a, b, c, d).map { "\($0)\($1)\($2)\($3)" }.subscribe(four)
        }
        scheduler.start()

        XCTAssertEqual(three.events, [.next(230, "123"), .next(240, "124"), .completed(300)])
        XCTAssertEqual(four.events, [.next(235, "1235"), .next(240, "1245"), .completed(310)])
        XCTAssertEqual(d.subscriptions, [Subscription(200, 310)])
    }

    func testCollectionForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 4), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(250)])
        let zs = scheduler.createHotObservable([.next(230, 3), .completed(260)])

        let res = scheduler.start { Observable.combineLatest([xs, ys, zs]) }

        XCTAssertEqual(res.events, [.next(230, [1, 2, 3]), .next(240, [4, 2, 3]), .completed(300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testCollectionFormWithSelectorAndErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 4)])
        let ys = scheduler.createHotObservable([.next(220, 2), .error(250, TestError())])

        let res = scheduler.start { Observable.combineLatest([xs, ys]) { $0.reduce(0, +) } }

        XCTAssertEqual(res.events, [.next(220, 3), .next(240, 6), .error(250, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testCollectionFormOfNothingSendsTheEmptyResult() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.combineLatest([Observable<Int>]()) { $0.count } }

        XCTAssertEqual(res.events, [.next(200, 0), .completed(200)])
    }

    func testSeveralThreadsSendingAreSerialized() {
        let left = PublishSubject<Int>()
        let right = PublishSubject<Int>()
        var count = 0
        let subscription = Observable.combineLatest(left, right, resultSelector: +)
            .subscribe(onNext: { _ in count += 1 })
        left.onNext(0)
        right.onNext(0)

        DispatchQueue.concurrentPerform(iterations: 2) { index in
            for value in 0..<5_000 { (index == 0 ? left : right).onNext(value) }
        }
        subscription.dispose()

        XCTAssertEqual(count, 10_001)
    }
}
