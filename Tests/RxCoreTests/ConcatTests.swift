import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error {}

final class ConcatTests: RxTestCase {
    func testConcatSubscribesTheSecondOnlyWhenTheFirstCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(30)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])

        let res = scheduler.start { xs.concat(ys) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testConcatStopsAtAnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(30, TestError())])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])

        let res = scheduler.start { Observable.concat(xs.asObservable(), ys.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(230, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testConcatOfArrayAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(30)])
        let ys = scheduler.createColdObservable([.next(10, 2), .next(40, 3), .completed(50)])
        let zs = scheduler.createColdObservable([.next(10, 4), .completed(20)])

        let res = scheduler.start(disposed: 260) {
            Observable.concat([xs.asObservable(), ys.asObservable(), zs.asObservable()])
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 260)])
        XCTAssertEqual(zs.subscriptions, [])
    }

    func testConcatOfNothingCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.concat([Observable<Int>]()) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testConcatOfALazySequenceAsksForEachSourceWhenNeeded() {
        var made = 0
        let sources = (0..<3).lazy.map { value -> Observable<Int> in
            made += 1
            return Observable.just(value)
        }
        let concatenated = Observable.concat(AnySequence(sources))
        XCTAssertEqual(made, 0)

        var received: [Int] = []
        _ = concatenated.subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [0, 1, 2])
        XCTAssertEqual(made, 3)
    }

    func testConcatOfManySynchronousSourcesDoesNotGrowTheStack() {
        var count = 0
        var completed = false
        _ = Observable.concat((0..<50_000).map { Observable.just($0) })
            .subscribe(onNext: { _ in count += 1 }, onCompleted: { completed = true })

        XCTAssertEqual(count, 50_000)
        XCTAssertTrue(completed)
    }

    func testConcatOfSequenceOfSequencesWaitsForEachInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 11), .completed(50)])
        let ys2 = scheduler.createColdObservable([.next(10, 21), .completed(20)])
        let xs = scheduler.createHotObservable([
            .next(210, ys1.asObservable()), .next(220, ys2.asObservable()), .completed(230),
        ])

        let res = scheduler.start { xs.concat() }

        XCTAssertEqual(res.events, [.next(220, 11), .next(270, 21), .completed(280)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 260)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(260, 280)])
    }

    /// `[just(i), [just(i + 1), [...].concat()].concat()].concat()`, `depth` levels.
    private func nestedThroughTheLastSource(_ index: Int, depth: Int) -> Observable<Int> {
        index == depth - 1
            ? .just(index) : Observable.concat([.just(index), nestedThroughTheLastSource(index + 1, depth: depth)])
    }

    func testConcatNestedThroughItsLastSourceRunsInConstantStack() {
        maxTailRecursiveSinkStackSize = 0
        var elements: [Int] = []
        var completed = false

        _ = nestedThroughTheLastSource(0, depth: 1000).subscribe(
            onNext: { elements.append($0) }, onCompleted: { completed = true })

        XCTAssertEqual(elements, Array(0..<1000))
        XCTAssertTrue(completed)
        XCTAssertEqual(
            maxTailRecursiveSinkStackSize, 1, "each nested list replaces its parent, whose last source it is")
    }
}
