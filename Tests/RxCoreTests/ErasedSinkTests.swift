import RxCore
import XCTest

/// `map` and `filter` keep their observer as a class-bound existential; a
/// value observer goes into a box, every other one is kept as it is.
final class ErasedSinkTests: RxTestCase {
    private final class Recorder: ObserverType {
        var events: [Event<Int>] = []
        func on(_ event: Event<Int>) { events.append(event) }
    }

    func testAClassObserverIsItsOwnObjectObserverAndAValueObserverHasNone() {
        let recorder = Recorder()
        XCTAssertTrue(recorder._objectObserver === recorder)
        XCTAssertNil(AnyObserver<Int> { _ in }._objectObserver)
        // Through a generic context too: the witness, not the static type, decides.
        func objectObserver<Observer: ObserverType>(of observer: Observer) -> AnyObject? { observer._objectObserver }
        XCTAssertTrue(objectObserver(of: recorder) === recorder)
        XCTAssertNil(objectObserver(of: AnyObserver<Int> { _ in }))
    }

    func testMapAndFilterDeliverToAValueObserver() {
        var events: [Event<Int>] = []
        let subscription = Observable.of(1, 2, 3).map { $0 * 2 }.filter { $0 > 2 }
            .subscribe(AnyObserver { events.append($0) })
        XCTAssertEqual(events, [.next(4), .next(6), .completed])
        subscription.dispose()
    }

    func testMapAndFilterDeliverToAnObjectObserverAndStopWhenDisposed() {
        let recorder = Recorder()
        let subject = PublishSubject<Int>()
        let subscription = subject.filter { $0 != 2 }.map { $0 + 10 }.subscribe(recorder)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        subscription.dispose()
        subject.onNext(4)
        XCTAssertEqual(recorder.events, [.next(11), .next(13)])
    }

    /// An observer subscribed as it is (not through `subscribe(onNext:)`) is let go once the
    /// sequence ends, while the subscription is still held: the sinks end the whole subscription.
    func testMapAndFilterLetGoOfAnObserverSubscribedAsItIsWhenTheSequenceEnds() {
        let subject = PublishSubject<Int>()
        var recorder: Recorder? = Recorder()
        weak let observer = recorder
        let subscription = subject.map { $0 + 1 }.filter { $0 > 1 }.subscribe(recorder!)
        recorder = nil
        subject.onNext(1)
        XCTAssertEqual(observer?.events, [.next(2)])
        subject.onCompleted()
        XCTAssertNil(observer)
        subscription.dispose()
    }

    /// The producers and sinks `map` and `filter` share count under their own kinds.
    func testMapAndFilterCountUnderTheirOwnKinds() {
        let before = Resources.snapshot()
        let subject = PublishSubject<Int>()
        let pipeline = subject.map { $0 + 1 }.filter { $0 > 1 }
        let subscriptions = [pipeline.subscribe(onNext: { _ in }), pipeline.subscribe(Recorder())]
        let live = withExtendedLifetime(pipeline) { Resources.snapshot().difference(from: before) }
        XCTAssertEqual(
            ["Map", "Filter", "MapSink", "FilterSink"].map { "\($0) \(live[$0] ?? 0)" },
            ["Map 1", "Filter 1", "MapSink 2", "FilterSink 2"])
        subscriptions.forEach { $0.dispose() }
    }

    func testAThrowingTransformEndsTheSequenceWithItsError() {
        var events: [Event<Int>] = []
        _ = Observable.of(1, 2, 3)
            .map { value -> Int in
                if value == 2 { throw TestError.failed }; return value
            }
            .filter { _ in true }
            .subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(1), .error(TestError.failed)])
    }

    private enum TestError: Error { case failed }
}
