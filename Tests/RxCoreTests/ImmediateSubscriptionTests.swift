import RxCore
import XCTest

private struct Failure: Error, Equatable {}

/// `map` and `filter` over `just` run without sinks when subscribed
/// (`Observable.forEachImmediate`): the events, the order of the user's
/// closures and the subscription's record must be those the sinks give.
final class ImmediateSubscriptionTests: RxTestCase {
    func testTheClosuresRunInOrderOncePerSubscriptionAndNoSinkIsMade() {
        var calls: [String] = []
        var sinksSeenByOnNext: [Int] = []
        let before = Resources.snapshot()
        let chain = Observable.just(1)
            .map {
                calls.append("map \($0)"); return $0 + 1
            }
            .filter {
                calls.append("filter \($0)"); return $0 > 0
            }

        for _ in 0..<2 {
            chain.subscribe(
                onNext: {
                    calls.append("next \($0)")
                    let now = Resources.snapshot()
                    sinksSeenByOnNext.append(
                        now["MapSink"] - before["MapSink"] + now["FilterSink"] - before["FilterSink"])
                },
                onCompleted: { calls.append("completed") }
            ).dispose()
        }

        XCTAssertEqual(calls, ["map 1", "filter 2", "next 2", "completed", "map 1", "filter 2", "next 2", "completed"])
        XCTAssertEqual(sinksSeenByOnNext, [0, 0])
    }

    func testAThrowingTransformEndsWithItsErrorAndTheFilterIsNotCalled() {
        var events: [String] = []
        _ = Observable.just(1)
            .map { _ -> Int in throw Failure() }
            .filter {
                events.append("filter \($0)"); return true
            }
            .subscribe(
                onNext: { events.append("next \($0)") }, onError: { events.append("error \($0 is Failure)") },
                onCompleted: { events.append("completed") })

        XCTAssertEqual(events, ["error true"])
    }

    func testAFilteredOutElementLeavesOnlyCompletion() {
        var events: [String] = []
        _ = Observable.just(5).filter { $0 < 0 }.map { $0 * 2 }
            .subscribe(onNext: { events.append("next \($0)") }, onCompleted: { events.append("completed") })

        XCTAssertEqual(events, ["completed"])
    }

    func testTheSubscriptionIsRecordedWithItsChainWhileItRuns() {
        var chains: [String] = []
        let subscription = Observable.just("a").map { $0.uppercased() }
            .subscribe(onNext: { _ in chains = self.liveSubscriptionsOfThisTest.map(\.chain.description) })

        XCTAssertEqual(chains, ["just<String> → map → subscribe"])
        XCTAssertEqual(liveSubscriptionsOfThisTest, [], "it ended with the completion")
        subscription.dispose()
    }

    func testOperatorsDownstreamSeeTheSameEventsAsThroughSinks() {
        var taken: [Int] = []
        var flattened: [Int] = []
        _ = Observable.just(3).map { $0 * 10 }.take(1).subscribe(onNext: { taken.append($0) })
        _ = Observable.of(1, 2).flatMap { Observable.just($0).filter { $0 > 1 }.map { $0 * 100 } }
            .subscribe(onNext: { flattened.append($0) })

        XCTAssertEqual(taken, [30])
        XCTAssertEqual(flattened, [200])
    }
}
