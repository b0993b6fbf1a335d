import RxCore
import RxCoreTesting
import XCTest

private enum TestError: Error { case failed }

final class InfallibleTests: RxTestCase {
    func testAnErrorBecomesTheGivenElementAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.failed)])

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: -1).asObservable() }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, -1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAnErrorFallsBackToAnotherInfallibleOrWhatRecoveryMakes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.failed)])
        var recovered: [String] = []

        let fallback = scheduler.start { xs.asInfallible(onErrorFallbackTo: .of(7, 8)).asObservable() }
        let recovery = Observable<Int>.error(TestError.failed)
            .asInfallible(onErrorRecover: { error in .just("\(error)".count) })
            .subscribe(onNext: { recovered.append("next \($0)") }, onCompleted: { recovered.append("completed") })

        XCTAssertEqual(fallback.events, [.next(210, 1), .next(220, 7), .next(220, 8), .completed(220)])
        XCTAssertEqual(recovered, ["next 6", "completed"])
        recovery.dispose()
    }

    func testCreateSendsItsEventsAndTheSubscriptionIsRecordedAtItsSite() {
        var events: [String] = []
        let numbers = Infallible<Int>.create { observer in
            observer(.next(1))
            observer(.next(2))
            return Disposables.create { events.append("disposed") }
        }
        let line: UInt = #line + 1
        let subscription = numbers.map { $0 * 10 }.subscribe(
            onNext: { events.append("\($0)") }, onDisposed: { events.append("onDisposed") })

        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.chain), ["create<Int> → map → subscribe"])
        XCTAssertEqual(liveSubscriptionsOfThisTest.first?.site.line, line)
        subscription.dispose()
        XCTAssertEqual(events, ["10", "20", "disposed", "onDisposed"])
    }

    func testTheEventClosureGetsInfallibleEvents() {
        var events: [String] = []
        _ = Infallible.from([1, 2]).subscribe { event in
            switch event {
            case .next(let element): events.append("next \(element)")
            case .completed: events.append("completed")
            }
        }
        XCTAssertEqual(events, ["next 1", "next 2", "completed"])
    }

    func testCombineLatestAndZipOfSeveralSources() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)]).asInfallible(
            onErrorJustReturn: 0)
        let second = scheduler.createHotObservable([.next(220, 10), .next(240, 30), .completed(310)]).asInfallible(
            onErrorJustReturn: 0)
        let third = scheduler.createHotObservable([.next(225, 100), .completed(320)]).asInfallible(onErrorJustReturn: 0)

        let latest = scheduler.createObserver(Int.self)
        let zipped = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) {
            Infallible.combineLatest(first, second, third).map { $0 + $1 + $2 }.bind(to: latest).disposed(by: bag)
            Infallible.zip(first, second, third) { $0 + $1 + $2 }.bind(to: zipped).disposed(by: bag)
        }
        scheduler.start()

        XCTAssertEqual(latest.events, [.next(225, 111), .next(230, 113), .next(240, 133), .completed(320)])
        XCTAssertEqual(zipped.events, [.next(225, 111), .completed(320)])
    }

    func testBindingToARelayIsRecordedAsABindingAndTheRelayAcceptsEveryElement() {
        let relay = BehaviorRelay(value: 0)
        let source = PublishRelay<Int>()
        let line: UInt = #line + 1
        let binding = source.asInfallible().bind(to: relay)

        source.accept(5)
        XCTAssertEqual(relay.value, 5)
        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.verb), ["bind"])
        XCTAssertEqual(liveSubscriptionsOfThisTest.first?.site.line, line)
        binding.dispose()
    }

    func testValuesEndsWithTheSequence() async {
        var values: [Int] = []
        for await value in Infallible.from(1...4).values { values.append(value) }
        XCTAssertEqual(values, [1, 2, 3, 4])
    }

    /// A relay never errs, so its `Infallible` adds no operator: a binding
    /// never disposed goes with the relay, as a subscription straight on it does.
    func testAnUndisposedBindingOfARelayAsInfallibleGoesWithTheRelay() {
        weak var captured: Shared<[Int]>?
        do {
            let relay = BehaviorRelay(value: 1)
            let received = Shared<[Int]>([])
            captured = received
            _ = relay.asInfallible().subscribe(onNext: { received.value.append($0) })
            relay.accept(2)
            XCTAssertEqual(received.value, [1, 2])
        }
        XCTAssertNil(captured, "the binding's closure was released with the relay")
    }
}
