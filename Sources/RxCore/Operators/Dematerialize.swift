private let dematerializeKind = ResourceKind("Dematerialize", .observable)
private let dematerializeSinkKind = ResourceKind("DematerializeSink", .sink)

/// A type that holds an ``Event``: what `dematerialize` unwraps.
public protocol EventConvertible {
    /// The type of the event's elements.
    associatedtype Element

    /// The event.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// The event itself.
    public var event: Event<Element> { self }
}

extension ObservableType where Element: EventConvertible {
    /// The events held by the elements, as real events: the inverse of `materialize`.
    public func dematerialize() -> Observable<Element.Element> {
        UnaryProducer(Dematerialize<Element>(), source: asObservable(), kind: dematerializeKind, name: "dematerialize")
    }
}

struct Dematerialize<SourceElement: EventConvertible>: SinkOperator {
    typealias Element = SourceElement.Element

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<SourceElement> where Observer.Element == Element {
        DematerializeSink<SourceElement, Observer>(observer: observer, cancel: cancel)
    }
}

final class DematerializeSink<SourceElement: EventConvertible, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == SourceElement.Element {
    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: dematerializeSinkKind)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            forwardOn(element.event)
            if element.event.isStopEvent { dispose() }
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardOn(.completed)
            dispose()
        }
    }
}
