private let replayRelayKind = ResourceKind("ReplayRelay", .subject)

/// A ``ReplaySubject`` that never terminates: it only accepts elements.
public final class ReplayRelay<Element>: ObservableType, @unchecked Sendable {
    private let token = ResourceToken(replayRelayKind)
    private let subject: ReplaySubject<Element>

    private init(bufferSize: Int?) {
        subject = ReplaySubject(bufferSize: bufferSize, source: "ReplayRelay")
    }

    /// A relay that replays the newest `bufferSize` elements.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        ReplayRelay(bufferSize: bufferSize)
    }

    /// A relay that replays every element it ever accepted.
    public static func createUnbound() -> ReplayRelay<Element> {
        ReplayRelay(bufferSize: nil)
    }

    /// Keeps `event` for replay and sends it to the current subscribers.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Replays the kept elements to `observer`, then every new one.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable that never terminates.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}
