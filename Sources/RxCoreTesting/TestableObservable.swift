import Foundation
import RxCore

/// A test sequence made by ``TestScheduler/createHotObservable(_:)`` or
/// ``TestScheduler/createColdObservable(_:)``: it sends its recorded events in
/// virtual time and records each subscription's interval.
///
/// It keeps, and is kept by, what RxTest's test sequences are, so a test's
/// objects live as long as on RxSwift: the sequence holds its scheduler; a
/// hot sequence holds its observers until they unsubscribe, and the
/// scheduler's queue holds the sequence until its events are sent; the
/// disposable a subscription gets holds the sequence until it is disposed; a
/// cold subscription's events, scheduled when it is made, hold its observer
/// until they run or the scheduler is freed. A subscription whose closure
/// captures the bag it is disposed into therefore keeps itself, the sequence
/// and the scheduler alive, as on RxSwift.
public final class TestableObservable<Element>: ObservableType, @unchecked Sendable {
    private enum Temperature {
        /// Events at absolute times, to whoever is subscribed then.
        case hot
        /// Events at times relative to each subscription.
        case cold
    }

    let testScheduler: TestScheduler
    private let temperature: Temperature
    /// Guards the properties below. Plain stored properties, not a `Mutex`:
    /// the leak engine reads what they hold.
    private let lock = NSLock()
    private var recordedSubscriptions: [Subscription] = []
    /// A hot sequence's observers, by key.
    private var observers: [Int: (Event<Element>) -> Void] = [:]
    private var nextKey = 0

    /// The events this sequence sends.
    public let recordedEvents: [Recorded<Event<Element>>]

    /// Each subscription's subscribe and unsubscribe times, in order.
    public var subscriptions: [Subscription] { lock.withLock { recordedSubscriptions } }

    init(hot testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.testScheduler = testScheduler
        self.temperature = .hot
        self.recordedEvents = recordedEvents
        for recorded in recordedEvents {
            testScheduler.scheduleAt(recorded.time) { self.deliver(recorded.value) }
        }
    }

    init(cold testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.testScheduler = testScheduler
        self.temperature = .cold
        self.recordedEvents = recordedEvents
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let subscribedAt = testScheduler.clock
        switch temperature {
        case .hot:
            let (key, index) = lock.withLock {
                nextKey += 1
                observers[nextKey] = observer.on
                recordedSubscriptions.append(Subscription(subscribedAt))
                return (nextKey, recordedSubscriptions.count - 1)
            }
            return Disposables.create {
                self.recordUnsubscribe(index, removing: key)
            }
        case .cold:
            let index = lock.withLock {
                recordedSubscriptions.append(Subscription(subscribedAt))
                return recordedSubscriptions.count - 1
            }
            let disposed = DisposedMark()
            for recorded in recordedEvents {
                _ = testScheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
                    if !disposed.isSet { observer.on(recorded.value) }
                    return Disposables.create()
                }
            }
            return Disposables.create {
                disposed.set()
                self.recordUnsubscribe(index, removing: nil)
            }
        }
    }

    private func deliver(_ event: Event<Element>) {
        let current = lock.withLock { observers.sorted { $0.key < $1.key }.map(\.value) }
        for observer in current { observer(event) }
    }

    private func recordUnsubscribe(_ index: Int, removing key: Int?) {
        let unsubscribedAt = testScheduler.clock
        lock.withLock {
            if let key { observers[key] = nil }
            recordedSubscriptions[index] = Subscription(recordedSubscriptions[index].subscribe, unsubscribedAt)
        }
    }
}

/// Set when a cold subscription is disposed: its scheduled events then reach no one.
private final class DisposedMark: @unchecked Sendable {
    private let lock = NSLock()
    private var marked = false

    var isSet: Bool { lock.withLock { marked } }

    func set() { lock.withLock { marked = true } }
}
