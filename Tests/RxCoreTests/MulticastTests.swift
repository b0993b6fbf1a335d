import RxCore
import RxCoreTesting
import XCTest

private enum TestError: Error { case source }

final class MulticastTests: RxTestCase {
    func testPublishSubscribesToTheSourceOnlyWhenConnected() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(240, 2), .next(310, 3), .next(340, 4), .completed(500),
        ])
        let observer = scheduler.createObserver(Int.self)
        var published: ConnectableObservable<Int>?
        var subscription: Disposable?
        var connection: Disposable?

        scheduler.scheduleAt(100) { published = xs.publish() }
        scheduler.scheduleAt(200) { subscription = published?.subscribe(observer) }
        scheduler.scheduleAt(300) { connection = published?.connect() }
        scheduler.scheduleAt(350) { connection?.dispose() }
        scheduler.scheduleAt(1000) { subscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(310, 3), .next(340, 4)])
        XCTAssertEqual(xs.subscriptions, [Subscription(300, 350)])
    }

    func testConnectTwiceReturnsTheSameConnection() {
        let subject = PublishSubject<Int>()
        let published = subject.publish()
        var received: [Int] = []
        let subscription = published.subscribe(onNext: { received.append($0) })
        let first = published.connect()
        let second = published.connect()
        subject.onNext(1)
        first.dispose()
        subject.onNext(2)
        second.dispose()
        subscription.dispose()
        XCTAssertEqual(received, [1], "disposing the one connection disconnects")
    }

    func testRefCountConnectsWithTheFirstSubscriberAndDisconnectsAfterTheLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(240, 2), .next(310, 3), .next(340, 4), .next(410, 5), .completed(500),
        ])
        let shared = xs.publish().refCount()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let third = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(first)) }
        scheduler.scheduleAt(230) { subscriptions.append(shared.subscribe(second)) }
        scheduler.scheduleAt(300) { subscriptions[0].dispose() }
        scheduler.scheduleAt(350) { subscriptions[1].dispose() }
        scheduler.scheduleAt(400) { subscriptions.append(shared.subscribe(third)) }
        scheduler.scheduleAt(1000) { subscriptions[2].dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(240, 2)])
        XCTAssertEqual(second.events, [.next(240, 2), .next(310, 3), .next(340, 4)])
        XCTAssertEqual(third.events, [.next(410, 5), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 350), Subscription(400, 500)])
    }

    func testMulticastWithASubjectFactoryStartsAFreshSubjectAfterTermination() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.source)])
        let shared = xs.multicast(makeSubject: { ReplaySubject<Int>.create(bufferSize: 1) }).refCount()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(first)) }
        scheduler.scheduleAt(300) { subscriptions.append(shared.subscribe(second)) }
        scheduler.scheduleAt(1000) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .error(220, TestError.source)])
        XCTAssertEqual(second.events, [.next(310, 1), .error(320, TestError.source)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(300, 320)])
    }

    func testMulticastWithOneSubjectKeepsItsTermination() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let shared = xs.multicast(PublishSubject<Int>()).refCount()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []

        scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(first)) }
        scheduler.scheduleAt(300) { subscriptions.append(shared.subscribe(second)) }
        scheduler.scheduleAt(1000) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(second.events, [.completed(300)])
        XCTAssertEqual(
            xs.subscriptions, [Subscription(200, 220)], "a late subscriber does not reconnect a terminated subject")
    }

    func testReplayReplaysToSubscribersOfTheConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let replayed = xs.replay(2)
        let late = scheduler.createObserver(Int.self)
        var connection: Disposable?
        var subscription: Disposable?

        scheduler.scheduleAt(200) { connection = replayed.connect() }
        scheduler.scheduleAt(250) { subscription = replayed.subscribe(late) }
        scheduler.scheduleAt(1000) {
            subscription?.dispose()
            connection?.dispose()
        }
        scheduler.start()

        XCTAssertEqual(late.events, [.next(250, 2), .next(250, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testReplayAllReplaysEverything() {
        let subject = PublishSubject<Int>()
        let replayed = subject.replayAll()
        let connection = replayed.connect()
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        var received: [Int] = []
        let subscription = replayed.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 2, 3])
        subscription.dispose()
        connection.dispose()
        XCTAssertFalse(subject.hasObservers)
    }
}
