import RxCore
import RxCoreTesting
import XCTest

/// zip of singles and maybes: what their documentation promises beyond
/// RxSwift's own zip tests (docs/rxswift-conformance.md).
final class PrimitiveSequenceZipTests: RxTestCase {
    private let scheduler = TestScheduler(initialClock: 0)

    func testAMaybeWithoutAnElementEndsTheZipOnceTheOthersHaveAnOutcome() {
        let pending = scheduler.createColdObservable([.next(50, 1), .completed(60)])

        let res = scheduler.start {
            Maybe.zip(Maybe<Int>.empty().delay(.seconds(10), scheduler: self.scheduler), pending.asMaybe()) { $0 + $1 }
                .asObservable()
        }

        XCTAssertEqual(res.events, [.completed(260)])
        XCTAssertEqual(pending.subscriptions, [Subscription(200, 260)])
    }

    func testZipOfNoSinglesSucceedsWithTheSelectorOfAnEmptyArray() {
        let res = scheduler.start {
            Single.zip([Single<Int>](), resultSelector: { $0.count + 7 }).asObservable()
        }

        XCTAssertEqual(res.events, [.next(200, 7), .completed(200)])
    }
}
