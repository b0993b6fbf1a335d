import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error {}

/// compactMap, scan, reduce, toArray and startWith.
final class TransformTests: RxTestCase {
    func testCompactMapDropsNil() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, "0"), .next(210, "1"), .next(220, "x"), .next(230, "3"), .completed(300),
        ])

        let res = scheduler.start { xs.compactMap { Int($0) } }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    /// Only the optional `transform` returns is unwrapped: elements that are
    /// optionals themselves pass on as they are, `nil` included.
    func testCompactMapUnwrapsOneLevelOfOptional() {
        var received: [Int?] = []
        let elements: [Int??] = [.some(.some(1)), .some(.none), .none, .some(.some(4))]
        _ = Observable.from(elements).compactMap { $0 }.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, nil, 4])
    }

    func testCompactMapThrowingEndsWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start {
            xs.compactMap { value -> Int? in
                if value == 2 { throw TestError() }
                return value
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testScanSendsEachIntermediateValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(250),
        ])

        let res = scheduler.start { xs.scan(10) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(210, 12), .next(220, 15), .next(230, 19), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testScanIntoMutatesTheAccumulateInPlace() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(250)])

        let res = scheduler.start { xs.scan(into: [String]()) { $0.append($1) } }

        XCTAssertEqual(res.events, [.next(210, ["a"]), .next(220, ["a", "b"]), .completed(250)])
    }

    func testScanEachSubscriptionStartsFromTheSeed() {
        let source = Observable.of(1, 2).scan(0, accumulator: +)
        var first: [Int] = [], second: [Int] = []
        _ = source.subscribe(onNext: { first.append($0) })
        _ = source.subscribe(onNext: { second.append($0) })

        XCTAssertEqual(first, [1, 3])
        XCTAssertEqual(second, [1, 3])
    }

    func testScanThrowingEndsWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])

        let res = scheduler.start {
            xs.scan(0) { acc, value in
                if value == 3 { throw TestError() }
                return acc + value
            }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testReduceSendsTheResultAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])

        let res = scheduler.start { xs.reduce(0, accumulator: +) }

        XCTAssertEqual(res.events, [.next(250, 5), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testReduceOfEmptySendsTheSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])

        let res = scheduler.start { xs.reduce(42, accumulator: +) }

        XCTAssertEqual(res.events, [.next(250, 42), .completed(250)])
    }

    func testReduceWithMapResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])

        let res = scheduler.start { xs.reduce(1, accumulator: *, mapResult: { "product \($0)" }) }

        XCTAssertEqual(res.events, [.next(250, "product 6"), .completed(250)])
    }

    func testReduceUpstreamError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError())])

        let res = scheduler.start { xs.reduce(0, accumulator: +) }

        XCTAssertEqual(res.events, [.error(230, TestError())])
    }

    func testReduceThrowingAccumulatorEndsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])

        let res = scheduler.start {
            xs.reduce(0) { acc, value in
                if value == 3 { throw TestError() }
                return acc + value
            }
        }

        XCTAssertEqual(res.events, [.error(220, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testReduceThrowingMapResultFailsAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(250)])

        let res = scheduler.start { xs.reduce(0, accumulator: +, mapResult: { _ -> Int in throw TestError() }) }

        XCTAssertEqual(res.events, [.error(250, TestError())])
    }

    func testToArrayCollectsUntilCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.toArray().asObservable() }

        XCTAssertEqual(res.events, [.next(250, [1, 2]), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testToArrayError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError())])

        let res = scheduler.start { xs.toArray().asObservable() }

        XCTAssertEqual(res.events, [.error(250, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testToArrayIsASingle() {
        var outcomes: [String] = []
        _ = Observable.of(1, 2, 3).toArray().subscribe(
            onSuccess: { outcomes.append("success \($0)") },
            onFailure: { outcomes.append("failure \($0)") })

        XCTAssertEqual(outcomes, ["success [1, 2, 3]"])
    }

    func testStartWithSendsThePrefixAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.startWith(-1, 0) }

        XCTAssertEqual(res.events, [.next(200, -1), .next(200, 0), .next(220, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testStartWithChainedPutsTheLastPrefixFirst() {
        var received: [Int] = []
        _ = Observable.just(3).startWith(2).startWith(1).subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [1, 2, 3])
    }
}
