private let materializeKind = ResourceKind("Materialize", .observable)
private let materializeSinkKind = ResourceKind("MaterializeSink", .sink)

extension ObservableType {
    /// Each event of the source as an element, followed by completion once
    /// the source has terminated.
    public func materialize() -> Observable<Event<Element>> {
        UnaryProducer(Materialize(), source: asObservable(), kind: materializeKind, name: "materialize")
    }
}

struct Materialize<SourceElement>: UnaryOperator {
    typealias Element = Event<SourceElement>

    func run<Observer: ObserverType>(
        _ source: Observable<SourceElement>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = MaterializeSink(observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
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
