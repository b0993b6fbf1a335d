import RxCore
import XCTest

/// A subscription made outside a scope is listed, while its `subscribe` call
/// runs, from the thread making it (without the registry's lock), and
/// everywhere once the call returns with it still live.
final class SubscriptionsBeingMadeTests: RxTestCase {
    /// A sequence that delivers `element` as it is subscribed and never ends.
    private func live<Element>(_ element: Element) -> Observable<Element> {
        Observable.create { observer in
            observer.onNext(element)
            return Disposables.create()
        }
    }

    /// The outer subscription is numbered before one made in its handler,
    /// although the inner one's call returns first.
    func testASubscriptionMadeInAnotherOnesHandlerIsNumberedAfterIt() {
        let subject = PublishSubject<Int>()
        var inner: Disposable?
        let outer = live("outer").subscribe(onNext: { _ in inner = subject.subscribe() })

        XCTAssertEqual(
            liveSubscriptionsOfThisTest.map(\.chain), ["create<String> → subscribe", "PublishSubject<Int> → subscribe"])
        outer.dispose()
        inner?.dispose()
        XCTAssertEqual(liveSubscriptionsOfThisTest, [])
    }

    /// While its handler runs, the subscription counts; once it ended within
    /// its own call, it does not.
    func testASubscriptionCountsWhileItsCallRuns() {
        let before = SubscriptionRegistry.count
        var counted: [Int] = []
        _ = Observable.just(1).subscribe(onNext: { _ in counted.append(SubscriptionRegistry.count - before) })
        let stillLive = live(2).subscribe(onNext: { _ in counted.append(SubscriptionRegistry.count - before) })

        XCTAssertEqual(counted, [1, 1])
        XCTAssertEqual(SubscriptionRegistry.count - before, 1)
        stillLive.dispose()
        XCTAssertEqual(SubscriptionRegistry.count, before)
    }

    /// Ended on another thread while its call still runs here, a subscription
    /// is not listed when the call returns.
    func testASubscriptionEndedOnAnotherThreadDuringItsCallIsNotListed() {
        let before = SubscriptionRegistry.count
        let completedElsewhere = Observable<Int>.create { observer in
            BackgroundThread { observer.onCompleted() }.join()
            return Disposables.create()
        }
        var completions = 0
        let subscription = completedElsewhere.subscribe(onCompleted: { completions += 1 })

        XCTAssertEqual(completions, 1)
        XCTAssertEqual(liveSubscriptionsOfThisTest, [])
        XCTAssertEqual(SubscriptionRegistry.count, before)
        subscription.dispose()
    }

    /// Subscriptions nested deeper than a thread notes calls for are listed
    /// as they are made: every one is listed, once, outermost first.
    func testDeeplyNestedSubscriptionsAreAllListedInOrder() {
        let depth = 40
        var subscriptions: [Disposable] = []
        var seen: [[UInt64]] = []
        func nest(_ level: Int) {
            subscriptions.append(
                live(level).subscribe(onNext: { level in
                    if level < depth {
                        nest(level + 1)
                    } else {
                        seen.append(self.liveSubscriptionsOfThisTest.map(\.id))
                    }
                }))
        }
        nest(1)

        let ids = liveSubscriptionsOfThisTest.map(\.id)
        XCTAssertEqual(ids.count, depth)
        XCTAssertEqual(seen, [ids], "all listed, in the same order, from the innermost handler")
        // Each call returned innermost first: one bag each tells them apart.
        var bags = subscriptions.map { _ in DisposeBag() }
        for (subscription, bag) in zip(subscriptions, bags) { subscription.disposed(by: bag) }
        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.owner), bags.reversed().map(\.identity))
        bags.removeAll()
        XCTAssertEqual(liveSubscriptionsOfThisTest, [])
    }

    /// From another thread, a subscription is listed once its call returned.
    func testAnotherThreadSeesASubscriptionOnceItsCallReturned() {
        let subscription = live(1).subscribe()
        var seen: [String] = []
        BackgroundThread { seen = self.liveSubscriptionsOfThisTest.map(\.chain.description) }.join()

        XCTAssertEqual(seen, ["create<Int> → subscribe"])
        subscription.dispose()
    }
}
