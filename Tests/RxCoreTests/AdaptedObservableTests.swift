import RxCore
import XCTest

/// An `ObservableType` of its own, not an `Observable`: it keeps its observers
/// and sends whatever it is told, grammar or not.
private final class Broadcaster: ObservableType {
    typealias Element = Int
    private(set) var observers: [Int: AnyObserver<Int>] = [:]
    private var nextKey = 0

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        nextKey += 1
        let key = nextKey
        observers[key] = AnyObserver(observer)
        return Disposables.create { [weak self] in self?.observers[key] = nil }
    }

    func send(_ event: Event<Int>) {
        for observer in observers.values { observer.on(event) }
    }
}

final class AdaptedObservableTests: RxTestCase {
    func testEventsAfterATerminalOneAreDroppedAndTheSourceSubscriptionEnds() {
        let source = Broadcaster()
        var received: [String] = []
        let subscription = source.map { $0 * 10 }.subscribe(
            onNext: { received.append("\($0)") }, onCompleted: { received.append("completed") })

        source.send(.next(1))
        source.send(.completed)
        source.send(.next(2))

        XCTAssertEqual(received, ["10", "completed"])
        XCTAssertTrue(source.observers.isEmpty, "completion ended the subscription to the source")
        subscription.dispose()
    }

    func testDisposalRemovesTheObserverFromTheSource() {
        let source = Broadcaster()
        var received: [Int] = []
        let subscription = source.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.chain), ["Broadcaster<Int> → subscribe"])

        source.send(.next(1))
        subscription.dispose()
        source.send(.next(2))

        XCTAssertEqual(received, [1])
        XCTAssertTrue(source.observers.isEmpty)
    }

    /// RxSwift wraps such a source in `create`, whose sink and disposer keep
    /// each other alive; here a subscription never disposed goes with its source.
    func testAnUndisposedSubscriptionGoesWithItsSource() {
        weak var captured: Shared<[Int]>?
        do {
            let source = Broadcaster()
            let received = Shared<[Int]>([])
            captured = received
            _ = source.subscribe(onNext: { received.value.append($0) })
            source.send(.next(1))
            XCTAssertEqual(received.value, [1])
        }
        XCTAssertNil(captured, "the subscription's closure was released with its source")
    }
}
