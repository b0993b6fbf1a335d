import RxCore
import Synchronization

/// A test sequence made by ``TestScheduler/createHotObservable(_:)`` or
/// ``TestScheduler/createColdObservable(_:)``: it sends its recorded events in
/// virtual time and records each subscription's interval.
public final class TestableObservable<Element>: ObservableType, @unchecked Sendable {
    private enum Temperature {
        /// Events at absolute times, to whoever is subscribed then.
        case hot
        /// Events at times relative to each subscription.
        case cold
    }

    private struct State {
        var subscriptions: [Subscription] = []
        var observers: [(key: Int, observer: AnyObserver<Element>)] = []
        var nextKey = 0
        /// The scheduler's clock when this sequence last read it: the time a subscription made or
        /// ended after the scheduler is gone records.
        var lastClock: TestTime
    }

    /// Weak: the scheduler holds a hot sequence until its recorded events have been sent (as in
    /// RxTest, so a sequence nobody keeps still sends them), and a sequence holding its scheduler
    /// would make a cycle of the two whenever events are still pending at the end (a test that
    /// advances the clock only part of the way), freeing neither.
    private weak var testScheduler: TestScheduler?
    private let temperature: Temperature
    private let state: Mutex<State>

    /// The events this sequence sends.
    public let recordedEvents: [Recorded<Event<Element>>]

    /// Each subscription's subscribe and unsubscribe times, in order.
    public var subscriptions: [Subscription] { state.withLock { $0.subscriptions } }

    init(hot testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.testScheduler = testScheduler
        self.temperature = .hot
        self.recordedEvents = recordedEvents
        self.state = Mutex(State(lastClock: testScheduler.clock))
        for recorded in recordedEvents {
            testScheduler.scheduleAt(recorded.time) { self.deliver(recorded.value) }
        }
    }

    init(cold testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.testScheduler = testScheduler
        self.temperature = .cold
        self.recordedEvents = recordedEvents
        self.state = Mutex(State(lastClock: testScheduler.clock))
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let subscribedAt = clock
        switch temperature {
        case .hot:
            let (key, index) = state.withLock { state in
                state.nextKey += 1
                state.observers.append((state.nextKey, AnyObserver(observer)))
                state.subscriptions.append(Subscription(subscribedAt))
                return (state.nextKey, state.subscriptions.count - 1)
            }
            // Weak: the observer reaches this disposable through its
            // subscription, and this sequence holds the observer.
            return Disposables.create { [weak self] in
                self?.recordUnsubscribe(index, removing: key)
            }
        case .cold:
            let index = state.withLock { state in
                state.subscriptions.append(Subscription(subscribedAt))
                return state.subscriptions.count - 1
            }
            let target = ColdTarget(AnyObserver(observer))
            for recorded in recordedEvents {
                _ = testScheduler?.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
                    target.on(recorded.value)
                    return Disposables.create()
                }
            }
            return Disposables.create {
                target.release()
                self.recordUnsubscribe(index, removing: nil)
            }
        }
    }

    /// The scheduler's clock, remembered for when the scheduler is gone.
    private var clock: TestTime {
        guard let now = testScheduler?.clock else { return state.withLock { $0.lastClock } }
        state.withLock { $0.lastClock = now }
        return now
    }

    private func deliver(_ event: Event<Element>) {
        for entry in state.withLock({ $0.observers }) { entry.observer.on(event) }
    }

    private func recordUnsubscribe(_ index: Int, removing key: Int?) {
        let unsubscribedAt = clock
        state.withLock { state in
            if let key { state.observers.removeAll { $0.key == key } }
            state.subscriptions[index] = Subscription(state.subscriptions[index].subscribe, unsubscribedAt)
        }
    }
}

/// A cold subscription's observer. Its events stay scheduled after disposal,
/// as in RxTest (so the clock moves the same), but reach no one and hold no one.
private final class ColdTarget<Element>: @unchecked Sendable {
    private let observer: Mutex<AnyObserver<Element>?>

    init(_ observer: AnyObserver<Element>) {
        self.observer = Mutex(observer)
    }

    func on(_ event: Event<Element>) {
        observer.withLock { $0 }?.on(event)
    }

    func release() {
        observer.withLock { $0 = nil }
    }
}
