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
}
