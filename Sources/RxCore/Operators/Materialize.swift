private let materializeKind = ResourceKind("Materialize", .observable)
private let materializeSinkKind = ResourceKind("MaterializeSink", .sink)

extension ObservableType {
    /// Each event of the source as an element, followed by completion once
    /// the source has terminated.
    public func materialize() -> Observable<Event<Element>> {
        UnaryProducer(Materialize(), source: asObservable(), kind: materializeKind, name: "materialize")
    }
}

struct Materialize<SourceElement>: SinkOperator {
    typealias Element = Event<SourceElement>

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<SourceElement> where Observer.Element == Element {
        MaterializeSink(observer: observer, cancel: cancel)
    }
}

final class MaterializeSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Event<SourceElement> {
    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: materializeSinkKind)
    }

    func on(_ event: Event<SourceElement>) {
        forwardOn(.next(event))
        if event.isStopEvent {
            forwardOn(.completed)
            dispose()
        }
    }
}
