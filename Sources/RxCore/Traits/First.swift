private let firstKind = ResourceKind("First", .observable)
private let firstSinkKind = ResourceKind("FirstSink", .sink)

extension ObservableType {
    /// The first element, or `nil` when the sequence completes without one,
    /// as a ``Single``; the source's subscription ends with the first element.
    public func first() -> Single<Element?> {
        Single(raw: First(source: asObservable()))
    }
}

final class First<Element>: Producer<Element?> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
        super.init(kind: firstKind, chain: OperatorChain.applying("first", to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element? {
        let sink = FirstSink<Element, Observer>(observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

final class FirstSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Element? {
    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: firstSinkKind)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            forwardOn(.next(value))
            forwardOn(.completed)
        case .error(let error):
            forwardOn(.error(error))
        case .completed:
            forwardOn(.next(nil))
            forwardOn(.completed)
        }
        dispose()
    }
}
