import RxCore
import XCTest

final class DisposeBagTests: RxTestCase {
    func testEveryWayOfFillingABagRecordsItAsTheOwner() {
        let subject = PublishSubject<Int>()
        var bags: [DisposeBag] = [
            DisposeBag(disposing: subject.subscribe(), subject.subscribe()),
            DisposeBag { subject.subscribe() },
            DisposeBag(),
        ]
        bags[2].insert([subject.subscribe()])
        bags[2].insert { subject.subscribe() }

        let owners = liveSubscriptionsOfThisTest.map(\.owner)
        XCTAssertEqual(owners, [bags[0].identity, bags[0].identity, bags[1].identity, bags[2].identity, bags[2].identity])
        XCTAssertEqual(bags.map(\.count), [2, 1, 2])

        bags.removeAll()
        XCTAssertFalse(subject.hasObservers)
    }

    /// Subscriptions and other disposables are kept apart in memory (a
    /// subscription as itself, anything else boxed) but disposed in one
    /// order: the order of insertion, as RxSwift's bag does.
    func testDisposesSubscriptionsAndOtherDisposablesInInsertionOrder() {
        let subject = PublishSubject<Int>()
        var order: [String] = []
        var bag: DisposeBag? = DisposeBag()
        Disposables.create { order.append("first") }.disposed(by: bag!)
        subject.subscribe(onDisposed: { order.append("second") }).disposed(by: bag!)
        bag!.insert(Disposables.create { order.append("third") })
        bag!.insert(subject.subscribe(onDisposed: { order.append("fourth") }))
        XCTAssertEqual(bag!.count, 4)

        bag = nil
        XCTAssertEqual(order, ["first", "second", "third", "fourth"])
        XCTAssertFalse(subject.hasObservers)
    }

    /// A bag being freed takes its subscriptions out of the registry together:
    /// the live ones, not the ones that ended before (already out), and
    /// nothing else it held; each is disposed once.
    func testAFreedBagTakesItsLiveSubscriptionsOutOfTheRegistry() {
        let subject = PublishSubject<Int>()
        let countBefore = SubscriptionRegistry.count
        var disposals = 0
        var bag: DisposeBag? = DisposeBag()
        for _ in 0..<3 { subject.subscribe(onDisposed: { disposals += 1 }).disposed(by: bag!) }
        let endedEarly = subject.subscribe(onDisposed: { disposals += 1 })
        endedEarly.disposed(by: bag!)
        endedEarly.dispose()
        Disposables.create { disposals += 10 }.disposed(by: bag!)
        XCTAssertEqual(SubscriptionRegistry.count - countBefore, 3)

        bag = nil
        XCTAssertEqual(disposals, 14)
        XCTAssertEqual(liveSubscriptionsOfThisTest, [])
        XCTAssertEqual(SubscriptionRegistry.count, countBefore)
        XCTAssertFalse(subject.hasObservers)
    }
}
