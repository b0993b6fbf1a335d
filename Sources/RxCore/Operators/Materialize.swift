private let materializeKind = ResourceKind("Materialize", .observable)
private let materializeSinkKind = ResourceKind("MaterializeSink", .sink)

extension ObservableType {
    /// Each event of the source as an element, followed by completion once
    /// the source has terminated.
    public func materialize() -> Observable<Event<Element>> {
        Materialize(source: asObservable())
    }
}

final class Materialize<SourceElement>: Producer<Event<SourceElement>> {
    private let source: Observable<SourceElement>

    init(source: Observable<SourceElement>) {
        self.source = source
        super.init(kind: materializeKind, chain: OperatorChain.applying("materialize", to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Event<SourceElement> {
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
