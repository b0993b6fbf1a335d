import Dispatch
import RxCore
import Synchronization
import XCTest

/// Notices when two threads are inside an observer at once: the operators
/// with several upstreams must serialize what they send.
private final class OverlapDetector: Sendable {
    private let inside = Atomic<Bool>(false)
    private let overlapCount = Atomic<Int>(0)
    private let deliveries = Atomic<Int>(0)

    var overlaps: Int { overlapCount.load(ordering: .relaxed) }
    var count: Int { deliveries.load(ordering: .relaxed) }

    func observe() {
        if inside.exchange(true, ordering: .acquiringAndReleasing) { overlapCount.wrappingAdd(1, ordering: .relaxed) }
        deliveries.wrappingAdd(1, ordering: .relaxed)
        // Widen the window a concurrent delivery would hit.
        for _ in 0..<50 { _ = deliveries.load(ordering: .relaxed) }
        inside.store(false, ordering: .releasing)
    }
}

final class FlatteningConcurrencyTests: RxTestCase {
    func testFlatMapSerializesInnerSequencesSendingFromSeveralThreads() {
        let inners = (0..<4).map { _ in PublishSubject<Int>() }
        let detector = OverlapDetector()
        var completions = 0
        let subscription = Observable.from(0..<inners.count)
            .flatMap { inners[$0] }
            .subscribe(onNext: { _ in detector.observe() }, onCompleted: { completions += 1 })

        DispatchQueue.concurrentPerform(iterations: inners.count) { index in
            for value in 0..<2_000 { inners[index].onNext(value) }
            inners[index].onCompleted()
        }
        subscription.dispose()

        XCTAssertEqual(detector.count, 8_000)
        XCTAssertEqual(detector.overlaps, 0)
        XCTAssertEqual(completions, 1)
    }

    func testZipPairsInOrderWhenEachSourceSendsFromItsOwnThread() {
        let left = PublishSubject<Int>()
        let right = PublishSubject<Int>()
        let detector = OverlapDetector()
        var mismatches = 0
        let subscription = Observable.zip(left, right)
            .subscribe(onNext: { pair in
                detector.observe()
                if pair.0 != pair.1 { mismatches += 1 }
            })

        DispatchQueue.concurrentPerform(iterations: 2) { index in
            for value in 0..<5_000 { (index == 0 ? left : right).onNext(value) }
        }
        subscription.dispose()

        XCTAssertEqual(detector.count, 5_000)
        XCTAssertEqual(mismatches, 0)
        XCTAssertEqual(detector.overlaps, 0)
    }

    func testWithLatestFromAndSwitchLatestSerializeTheirUpstreams() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let outer = PublishSubject<Observable<Int>>()
        let withLatest = OverlapDetector()
        let switched = OverlapDetector()
        let subscriptions = [
            first.withLatestFrom(second, resultSelector: +).subscribe(onNext: { _ in withLatest.observe() }),
            outer.switchLatest().subscribe(onNext: { _ in switched.observe() }),
        ]
        second.onNext(0)

        DispatchQueue.concurrentPerform(iterations: 3) { index in
            for value in 0..<3_000 {
                switch index {
                case 0: first.onNext(value)
                case 1: second.onNext(value)
                default: if value % 100 == 0 { outer.onNext(Observable.from(0..<10)) }
                }
            }
        }
        subscriptions.forEach { $0.dispose() }

        XCTAssertEqual(withLatest.count, 3_000)
        XCTAssertEqual(withLatest.overlaps, 0)
        XCTAssertEqual(switched.count, 300)
        XCTAssertEqual(switched.overlaps, 0)
    }

    func testSubscribingAndDisposingWhileSourcesSendLeavesNothingBehind() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let combined = Observable.combineLatest(a, b, resultSelector: +)
            .flatMap { Observable.just($0) }
            .concat(Observable.merge(a.asObservable(), b.asObservable()))

        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for value in 0..<1_000 {
                if index < 2 {
                    (index == 0 ? a : b).onNext(value)
                } else {
                    let subscription = combined.subscribe(onNext: { _ in })
                    subscription.dispose()
                }
            }
        }

        XCTAssertFalse(a.hasObservers)
        XCTAssertFalse(b.hasObservers)
    }
}
