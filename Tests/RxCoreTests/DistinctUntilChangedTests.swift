import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error {}

private struct Point: Equatable {
    let x: Int
    let y: Int
}

final class DistinctUntilChangedTests: RxTestCase {
    func testDropsConsecutiveDuplicatesOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(215, 2), .next(220, 3), .next(225, 2), .next(230, 2), .completed(250),
        ])

        let res = scheduler.start { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(225, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testKeySelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "A"), .next(230, "b"), .completed(250)])

        let res = scheduler.start { xs.distinctUntilChanged { $0.lowercased() } }

        XCTAssertEqual(res.events, [.next(210, "a"), .next(230, "b"), .completed(250)])
    }

    func testComparerReceivesThePreviousThenTheNewElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 3), .next(230, 2), .next(240, 9), .completed(250),
        ])
        var compared: [[Int]] = []

        // "Equal" while the new value is not bigger: passes on a rising sequence.
        let res = scheduler.start {
            xs.distinctUntilChanged { (previous: Int, next: Int) -> Bool in
                compared.append([previous, next])
                return next <= previous
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 3), .next(240, 9), .completed(250)])
        XCTAssertEqual(compared, [[1, 3], [3, 2], [3, 9]])
    }

    func testKeyPath() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Point(x: 1, y: 1)), .next(220, Point(x: 1, y: 2)), .next(230, Point(x: 2, y: 2)),
            .completed(250),
        ])

        let res = scheduler.start { xs.distinctUntilChanged(at: \.x).map(\.y) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(250)])
    }

    func testThrowingKeySelectorEndsWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start {
            xs.distinctUntilChanged { value -> Int in
                if value == 2 { throw TestError() }
                return value
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testThrowingComparerEndsWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.distinctUntilChanged { (_: Int, _: Int) -> Bool in throw TestError() } }

        XCTAssertEqual(
            res.events, [.next(210, 1), .error(220, TestError())], "the first element is compared with nothing")
    }

    func testErrorPassesThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])

        let res = scheduler.start { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}
