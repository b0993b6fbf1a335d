import RxCore
import RxCoreTesting
import XCTest

private enum TestError: Error { case source }

/// window(timeSpan:count:scheduler:) in RxLeaks' terms: who holds the source,
/// and that its resources come back to zero. RxSwift's own window tests run in
/// the conformance suite (docs/rxswift-conformance.md).
final class WindowTests: RxTestCase {
    private let scheduler = TestScheduler(initialClock: 0)

    func testAWindowStillSubscribedHoldsTheSourceAfterTheOuterDisposal() {
        let source = PublishSubject<Int>()
        let baseline = Resources.total
        var received: [Int] = []
        var window: Disposable?
        var outer: Disposable? = source.window(timeSpan: .seconds(100), count: 10, scheduler: scheduler)
            .subscribe(onNext: { window = window ?? $0.subscribe(onNext: { received.append($0) }) })

        outer?.dispose()
        source.onNext(1)
        XCTAssertEqual(received, [1], "the open window still receives the source's elements")
        XCTAssertTrue(source.hasObservers)

        window?.dispose()
        XCTAssertFalse(source.hasObservers, "the last window's disposal ends the source subscription")
        (outer, window) = (nil, nil)
        XCTAssertEqual(Resources.total, baseline, "\(Resources.snapshot())")
    }

    func testAnErrorEndsTheOpenWindowAndReleasesEverything() {
        let source = PublishSubject<Int>()
        let baseline = Resources.total
        var windowEvents: [Event<Int>] = []
        var outerError: Swift.Error?
        var windows: [Disposable] = []
        var outer: Disposable? = source.window(timeSpan: .seconds(100), count: 2, scheduler: scheduler)
            .subscribe(
                onNext: { windows.append($0.subscribe { windowEvents.append($0) }) },
                onError: { outerError = $0 })

        source.onNext(1)
        source.onError(TestError.source)

        XCTAssertEqual(windowEvents.map(\.isStopEvent), [false, true])
        XCTAssertTrue(outerError is TestError)
        XCTAssertFalse(source.hasObservers)
        outer?.dispose()
        windows.forEach { $0.dispose() }
        (outer, windows) = (nil, [])
        XCTAssertEqual(Resources.total, baseline, "\(Resources.snapshot())")
    }

    func testTheTimerClosesWindowsUntilDisposal() {
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(260, 2)])
        var windowStarts: [TestTime] = []

        let res = scheduler.start(disposed: 290) {
            xs.window(timeSpan: .seconds(30), count: 5, scheduler: self.scheduler)
                .do(onNext: { _ in windowStarts.append(self.scheduler.clock) })
                .flatMap { $0 }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(260, 2)])
        XCTAssertEqual(windowStarts, [200, 230, 260], "the disposal at 290 comes before that window's timer")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 290)])
    }
}
