import RxCore
import RxCoreTesting
import XCTest

private enum TestError: Error { case source }

/// take(for:), skip(_:scheduler:), takeLast, single, sample, ifEmpty(switchTo:),
/// using, from(optional:) and withUnretained, written from RxSwift 6.10's
/// documented behaviour (RxSwift's own tests for them run in the conformance
/// suite, docs/rxswift-conformance.md).
final class TimeWindowAndSamplingTests: RxTestCase {
    private let scheduler = TestScheduler(initialClock: 0)

    func testTakeForDurationCompletesWhenTheTimeIsUp() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(260, 3), .completed(300)])

        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: self.scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSkipForDurationDropsWhatComesBeforeTheTimeIsUp() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(260, 3), .completed(300)])

        let res = scheduler.start { xs.skip(.seconds(30), scheduler: self.scheduler) }

        XCTAssertEqual(res.events, [.next(240, 2), .next(260, 3), .completed(300)])
    }

    func testTakeLastSendsTheLastElementsAtCompletion() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start { xs.takeLast(2) }

        XCTAssertEqual(res.events, [.next(300, 2), .next(300, 3), .completed(300)])
    }

    func testSingleFailsAtASecondElement() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.single() }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, RxError.moreThanOneElement)])
    }

    func testSingleFailsWhenTheSourceCompletesWithoutAnElement() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.single { $0 > 1 } }

        XCTAssertEqual(res.events, [.error(300, RxError.noElements)])
    }

    func testSampleSendsTheLatestElementOncePerTick() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(400)])
        let ticks = scheduler.createHotObservable([.next(230, "a"), .next(250, "b"), .next(270, "c"), .next(410, "d")])

        let res = scheduler.start { xs.sample(ticks) }

        XCTAssertEqual(res.events, [.next(230, 2), .next(270, 3), .completed(410)])
    }

    func testIfEmptySwitchesToTheOtherSequenceOnlyWhenEmpty() {
        let empty = scheduler.createHotObservable([Recorded<Event<Int>>.completed(220)])
        let other = scheduler.createColdObservable([.next(10, 7), .completed(20)])

        let res = scheduler.start { empty.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(230, 7), .completed(240)])
        XCTAssertEqual(other.subscriptions, [Subscription(220, 240)])
    }

    private final class CountedResource: Disposable {
        var disposals = 0
        func dispose() { disposals += 1 }
    }

    func testUsingDisposesTheResourceWithTheSubscription() {
        let resource = CountedResource()
        let subscription = Observable<Int>.using({ resource }, observableFactory: { _ in .never() })
            .subscribe()

        XCTAssertEqual(resource.disposals, 0)
        subscription.dispose()
        XCTAssertEqual(resource.disposals, 1)
    }

    func testUsingFailsWhenTheFactoryThrowsAndDisposesTheResource() {
        let resource = CountedResource()
        var received: [String] = []
        _ = Observable<Int>.using({ resource }, observableFactory: { _ in throw TestError.source })
            .subscribe(onError: { received.append("\($0)") })

        XCTAssertEqual(received, ["\(TestError.source)"])
        XCTAssertEqual(resource.disposals, 1)
    }

    func testFromOptionalSendsTheValueOrJustCompletes() {
        var received: [String] = []
        _ = Observable.from(optional: Int?.some(5)).subscribe(
            onNext: { received.append("\($0)") }, onCompleted: { received.append("done") })
        _ = Observable.from(optional: Int?.none).subscribe(
            onNext: { received.append("\($0)") }, onCompleted: { received.append("done") })

        XCTAssertEqual(received, ["5", "done", "done"])
    }

    func testWithUnretainedCompletesOnceTheObjectIsGone() {
        final class Owner {}
        var owner: Owner? = Owner()
        let subject = PublishSubject<Int>()
        var elements: [Int] = []
        var completed = false
        _ = subject.withUnretained(owner!) { _, element in element * 10 }
            .subscribe(onNext: { elements.append($0) }, onCompleted: { completed = true })

        subject.onNext(1)
        owner = nil
        subject.onNext(2)

        XCTAssertEqual(elements, [10])
        XCTAssertTrue(completed)
    }
}
