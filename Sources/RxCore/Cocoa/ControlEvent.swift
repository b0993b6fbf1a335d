/// A type that can be turned into a ``ControlEvent``.
public protocol ControlEventType: ObservableType {
    /// The sequence as a ``ControlEvent``.
    func asControlEvent() -> ControlEvent<Element>
}

/// The events of a UI control (taps, edits): a sequence that never fails.
///
/// RxCocoa subscribes to the events on the main thread; RxCore has no UI
/// thread of its own and subscribes where `subscribe` is called.
public struct ControlEvent<PropertyType>: ControlEventType {
    /// The type of the events.
    public typealias Element = PropertyType

    let events: Observable<PropertyType>

    /// The events `events` sends.
    public init<Events: ObservableType>(events: Events) where Events.Element == Element {
        self.events = events.asObservable()
    }

    /// Subscribes `observer` to the events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        events.subscribe(observer)
    }

    /// The events as an observable.
    public func asObservable() -> Observable<Element> { events }

    /// Itself.
    public func asControlEvent() -> ControlEvent<Element> { self }
}
