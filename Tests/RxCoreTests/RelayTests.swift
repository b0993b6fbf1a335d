import RxCore
import XCTest

final class RelayTests: RxTestCase {
    func testPublishRelaySendsToCurrentSubscribersOnlyAndIsNamedInTheChain() {
        let relaysBefore = Resources.snapshot()["PublishRelay"]
        let relay = PublishRelay<Int>()
        relay.accept(0)
        var received: [Int] = []
        let bag = DisposeBag()
        relay.map { $0 + 100 }.subscribe(onNext: { received.append($0) }).disposed(by: bag)
        relay.accept(1)
        relay.accept(2)
        XCTAssertEqual(received, [101, 102])
        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.chain), ["PublishRelay<Int> → map → subscribe"])
        XCTAssertEqual(Resources.snapshot()["PublishRelay"] - relaysBefore, 1)
    }

    func testBehaviorRelayHoldsAndReplaysItsValue() {
        let relay = BehaviorRelay(value: "a")
        XCTAssertEqual(relay.value, "a")
        relay.accept("b")
        XCTAssertEqual(relay.value, "b")
        var events: [Event<String>] = []
        let subscription = relay.subscribe { events.append($0) }
        relay.accept("c")
        XCTAssertEqual(relay.value, "c")
        XCTAssertEqual(events, [.next("b"), .next("c")])
        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.chain), ["BehaviorRelay<String> → subscribe"])
        subscription.dispose()
    }

    func testReplayRelayReplaysItsBuffer() {
        let bounded = ReplayRelay<Int>.create(bufferSize: 2)
        let unbound = ReplayRelay<Int>.createUnbound()
        for value in 1...4 {
            bounded.accept(value)
            unbound.accept(value)
        }
        var fromBounded: [Event<Int>] = []
        var fromUnbound: [Event<Int>] = []
        let bag = DisposeBag()
        bounded.subscribe { fromBounded.append($0) }.disposed(by: bag)
        unbound.asObservable().subscribe { fromUnbound.append($0) }.disposed(by: bag)
        bounded.accept(5)
        XCTAssertEqual(fromBounded, [.next(3), .next(4), .next(5)])
        XCTAssertEqual(fromUnbound, [.next(1), .next(2), .next(3), .next(4)])
    }

    func testARelaySubscriptionLivesUntilDisposedBecauseRelaysNeverTerminate() {
        let relay = BehaviorRelay(value: 0)
        var disposed = false
        let subscription = relay.subscribe(onDisposed: { disposed = true })
        relay.accept(1)
        XCTAssertEqual(liveSubscriptionsOfThisTest.count, 1)
        XCTAssertFalse(disposed)
        subscription.dispose()
        XCTAssertTrue(disposed)
        XCTAssertEqual(liveSubscriptionsOfThisTest.count, 0)
    }
}
