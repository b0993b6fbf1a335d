private let publishRelayKind = ResourceKind("PublishRelay", .subject)

/// A ``PublishSubject`` that never terminates: it only accepts elements.
public final class PublishRelay<Element>: ObservableType, @unchecked Sendable {
    private let token = ResourceToken(publishRelayKind)
    private let subject = PublishSubject<Element>(source: "PublishRelay")

    /// A relay with no observers.
    public init() {}

    /// Sends `event` to the current subscribers.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Sends `observer` every element accepted from now on.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable that never terminates.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}
