private let behaviorRelayKind = ResourceKind("BehaviorRelay", .subject)

/// A ``BehaviorSubject`` that never terminates: it holds a current value and
/// only accepts new ones.
public final class BehaviorRelay<Element>: ObservableType, @unchecked Sendable {
    private let token = ResourceToken(behaviorRelayKind)
    private let subject: BehaviorSubject<Element>

    /// A relay whose current value is `value`.
    public init(value: Element) {
        subject = BehaviorSubject(value: value, source: "BehaviorRelay")
    }

    /// Makes `event` the current value and sends it to the subscribers.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// The current value.
    public var value: Element {
        // The subject is private and never terminated or disposed, so it cannot throw.
        try! subject.value()
    }

    /// Sends the current value to `observer`, then every new one.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable that never terminates.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}
