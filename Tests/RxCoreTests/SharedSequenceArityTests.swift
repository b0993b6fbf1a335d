import RxCore
import RxCoreTesting
import XCTest

/// RxCocoa's shared-sequence operators that `scripts/rxswift-api-gaps --elsewhere` found only on
/// Observable: zip of four to eight, combineLatest of five to eight, concat, merge of inner
/// sequences, Signal's withUnretained.
final class SharedSequenceArityTests: RxTestCase {
    /// The elements `make` sends when built and run on a fresh test scheduler
    /// that `source` (the hot numbers 1 at 210 and 2 at 220) runs on too.
    private func elements<Element>(_ make: (Driver<Int>) -> Driver<Element>) -> [Element?] {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let driver = mocked(scheduler) { make(xs.asDriver(onErrorJustReturn: 0)) }
        return scheduler.start { driver }.events.map(\.value.element)
    }

    /// At 220 every source sends 2, one after the other: combineLatest sends once for each.
    func testZipOfFourToEightAndCombineLatestOfFiveToEight() {
        XCTAssertEqual(elements { d in Driver.zip(d, d, d, d) { $0 + $1 + $2 + $3 } }, [4, 8])
        XCTAssertEqual(elements { d in Driver.zip(d, d, d, d, d, d, d, d).map { $0.0 + $0.7 } }, [2, 4])
        XCTAssertEqual(elements { d in Driver.combineLatest(d, d, d, d, d) { $0 * $4 } }, [1, 2, 2, 2, 2, 4])
        XCTAssertEqual(
            elements { d in Driver.combineLatest(d, d, d, d, d, d, d, d).map { $0.0 - $0.7 } },
            [0, 1, 1, 1, 1, 1, 1, 1, 0])
    }

    func testConcatAndMergeOfInnerDrivers() {
        XCTAssertEqual(elements { d in Driver.concat([Driver.just(5), d]) }, [5, 1, 2])
        XCTAssertEqual(elements { d in d.map { Driver.just($0 * 10) }.merge() }, [10, 20])
        XCTAssertEqual(elements { d in d.map { Driver.just($0 * 100) }.merge(maxConcurrent: 1) }, [100, 200])
    }

    func testSignalWithUnretainedHoldsTheObjectWeakly() {
        final class Owner {}
        let relay = PublishRelay<Int>()
        var owner: Owner? = Owner()
        var received: [Int] = []
        var completed = false
        let signal = relay.asSignal().withUnretained(owner!) { _, element in element * 10 }
        let subscription = signal.emit(onNext: { received.append($0) }, onCompleted: { completed = true })
        defer { subscription.dispose() }
        relay.accept(1)
        owner = nil
        relay.accept(2)
        XCTAssertEqual(received, [10])
        XCTAssertTrue(completed)
    }
}
