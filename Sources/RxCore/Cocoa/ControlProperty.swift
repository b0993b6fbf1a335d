/// A type that can be turned into a ``ControlProperty``.
public protocol ControlPropertyType: ObservableType, ObserverType {
    /// The value as a ``ControlProperty``.
    func asControlProperty() -> ControlProperty<Element>
}

/// A UI control's value: observing it gives the current value and its
/// changes, and binding to it sets it.
///
/// RxCocoa subscribes to the values on the main thread; RxCore has no UI
/// thread of its own and subscribes where `subscribe` is called.
public struct ControlProperty<PropertyType>: ControlPropertyType {
    /// The type of the value.
    public typealias Element = PropertyType

    let values: Observable<PropertyType>
    let valueSink: AnyObserver<PropertyType>

    /// A property that reads from `values` and writes into `valueSink`.
    public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
    where Element == Values.Element, Element == Sink.Element {
        self.values = values.asObservable()
        self.valueSink = valueSink.asObserver()
    }

    /// Subscribes `observer` to the values: the current one, then its changes.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        values.subscribe(observer)
    }

    /// The changes of the value, without the current value.
    public var changed: ControlEvent<PropertyType> {
        ControlEvent(events: values.skip(1))
    }

    /// The values as an observable.
    public func asObservable() -> Observable<Element> { values }

    /// Itself.
    public func asControlProperty() -> ControlProperty<Element> { self }

    /// Sets the value for `next`. An error is a programming error: RxSwift
    /// stops a debug build, RxCore prints `Binding error: …` and records a
    /// ``Diagnostic/Kind/bindingError``.
    public func on(_ event: Event<Element>) {
        switch event {
        case .error(let error):
            reportBindingError("Binding error: \(error)", in: "ControlProperty<\(Element.self)>", site: nil)
        case .next, .completed:
            valueSink.on(event)
        }
    }
}

extension ControlPropertyType where Element == String? {
    /// The text with `nil` read as the empty string.
    public var orEmpty: ControlProperty<String> {
        let original: ControlProperty<String?> = asControlProperty()
        let values: Observable<String> = original.values.map { $0 ?? "" }
        let valueSink: AnyObserver<String> = original.valueSink.mapObserver { $0 }
        return ControlProperty<String>(values: values, valueSink: valueSink)
    }
}
