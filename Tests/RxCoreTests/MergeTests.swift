import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error {}

/// Static and instance merge, and merge(maxConcurrent:).
final class MergeTests: RxTestCase {
    func testStaticMergeSubscribesAllAtOnceAndCompletesAfterTheLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(230, 3), .completed(240)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(250, 4), .completed(260)])

        let res = scheduler.start { Observable.merge(xs.asObservable(), ys.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
    }

    func testStaticMergeOfArrayFailsWithTheFirstError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError())])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(250, 4), .completed(260)])

        let res = scheduler.start { Observable.merge([xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .error(230, TestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testStaticMergeOfNothingCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.merge([]) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testStaticMergeOfACollection() {
        var received: [Int] = []
        let sources = ContiguousArray([Observable.just(1), Observable.just(2)])
        _ = Observable.merge(sources).subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [1, 2])
    }

    func testMergeOfSequenceOfSequences() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 11), .next(50, 12), .completed(60)])
        let ys2 = scheduler.createColdObservable([.next(10, 21), .completed(20)])
        let xs = scheduler.createHotObservable([
            .next(210, ys1.asObservable()), .next(230, ys2.asObservable()), .completed(240),
        ])

        let res = scheduler.start { xs.merge() }

        XCTAssertEqual(res.events, [.next(220, 11), .next(240, 21), .next(260, 12), .completed(270)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 270)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(230, 250)])
    }

    func testMergeMaxConcurrentQueuesTheRestInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 11), .completed(100)])
        let ys2 = scheduler.createColdObservable([.next(10, 21), .completed(50)])
        let ys3 = scheduler.createColdObservable([.next(10, 31), .completed(10)])
        let xs = scheduler.createHotObservable([
            .next(210, ys1.asObservable()), .next(220, ys2.asObservable()), .next(230, ys3.asObservable()),
            .completed(240),
        ])

        let res = scheduler.start { xs.merge(maxConcurrent: 2) }

        XCTAssertEqual(res.events, [.next(220, 11), .next(230, 21), .next(280, 31), .completed(310)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 310)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(220, 270)])
        XCTAssertEqual(ys3.subscriptions, [Subscription(270, 280)], "the third waits for a free slot")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testMergeMaxConcurrentDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 11), .completed(100)])
        let ys2 = scheduler.createColdObservable([.next(10, 21), .completed(50)])
        let xs = scheduler.createHotObservable([.next(210, ys1.asObservable()), .next(220, ys2.asObservable())])

        let res = scheduler.start(disposed: 250) { xs.merge(maxConcurrent: 1) }

        XCTAssertEqual(res.events, [.next(220, 11)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(ys2.subscriptions, [])
    }

    func testMergeIsSafeWithSeveralThreadsSending() {
        let subjects = (0..<4).map { _ in PublishSubject<Int>() }
        var count = 0
        var completed = false
        let subscription = Observable.merge(subjects.map { $0.asObservable() })
            .subscribe(onNext: { _ in count += 1 }, onCompleted: { completed = true })

        DispatchQueue.concurrentPerform(iterations: subjects.count) { index in
            for value in 0..<2_000 { subjects[index].onNext(value) }
            subjects[index].onCompleted()
        }
        subscription.dispose()

        XCTAssertEqual(count, 8_000)
        XCTAssertTrue(completed)
    }
}
