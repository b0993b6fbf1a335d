import RxCore
import RxCoreTesting
import XCTest

private enum TestError: Error { case source, other, predicate }

final class SkipTests: RxTestCase {
    // MARK: skip(_ count:)

    func testSkipDropsTheFirstCountElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])

        let res = scheduler.start { xs.skip(2) }

        XCTAssertEqual(res.events, [.next(230, 3), .next(240, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSkipPassesOnAnErrorWhileSkipping() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.source)])

        let res = scheduler.start { xs.skip(5) }

        XCTAssertEqual(res.events, [.error(220, TestError.source)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    // MARK: skip(until:)

    func testSkipUntilPassesElementsAfterOtherSendsOne() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let other = scheduler.createHotObservable([.next(150, 1), .next(225, 99), .completed(300)])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [.next(230, 4), .next(240, 5), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(
            other.subscriptions, [Subscription(200, 225)], "the first element of other ends its subscription")
    }

    func testSkipUntilFailsWithOthersError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
        let other = scheduler.createHotObservable([Recorded<Event<Int>>.error(215, TestError.other)])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [.error(215, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 215)])
    }

    func testSkipUntilSwallowsTheCompletionOfASourceThatNeverOpened() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(250)])
        let other = scheduler.createHotObservable([Recorded<Event<Int>>.next(300, 1)])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [], "RxSwift ends the subscription without passing the completion on")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 250)])
    }

    func testSkipUntilOtherCompletingWithoutElementsKeepsSkipping() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(240, 3), .error(260, TestError.source)])
        let other = scheduler.createHotObservable([Recorded<Event<Int>>.completed(220)])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [.error(260, TestError.source)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
    }

    // MARK: skip(while:)

    func testSkipWhileDropsUntilTheFirstRejectedElementThenPassesAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1), .completed(300),
        ])

        let res = scheduler.start { xs.skip(while: { $0 < 3 }) }

        XCTAssertEqual(res.events, [.next(230, 5), .next(240, 1), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSkipWhilePredicateErrorFailsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start {
            xs.skip(while: { element in
                if element == 2 { throw TestError.predicate }
                return true
            })
        }

        XCTAssertEqual(res.events, [.error(220, TestError.predicate)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    // MARK: ignoreElements

    func testIgnoreElementsPassesOnlyTheTermination() {
        let scheduler = TestScheduler(initialClock: 0)
        let completing = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { completing.ignoreElements() }

        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(completing.subscriptions, [Subscription(200, 250)])
    }

    func testIgnoreElementsPassesOnTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.source)])

        let res = scheduler.start { failing.ignoreElements() }

        XCTAssertEqual(res.events, [.error(230, TestError.source)])
        XCTAssertEqual(failing.subscriptions, [Subscription(200, 230)])
    }
}
