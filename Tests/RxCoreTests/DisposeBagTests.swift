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
        bags[2].insert(subject.subscribe())
        subject.subscribe().disposed(by: bags[2])

        let owners = liveSubscriptionsOfThisTest.map(\.owner)
        XCTAssertEqual(
            owners,
            [bags[0].identity, bags[0].identity, bags[1].identity] + Array(repeating: bags[2].identity, count: 4))
        XCTAssertEqual(bags.map(\.count), [2, 1, 4])

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
}
