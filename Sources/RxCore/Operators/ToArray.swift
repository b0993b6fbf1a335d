private let toArrayKind = ResourceKind("ToArray", .observable)
private let toArraySinkKind = ResourceKind("ToArraySink", .sink)

extension ObservableType {
    /// Collects every element and, on completion, succeeds with them as one array.
    public func toArray() -> Single<[Element]> {
        Single(raw: ToArray(source: asObservable()))
    }
}

final class ToArray<SourceElement>: Producer<[SourceElement]> {
    private let source: Observable<SourceElement>

    init(source: Observable<SourceElement>) {
        self.source = source
        super.init(kind: toArrayKind, chain: OperatorChain.applying("toArray", to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == [SourceElement] {
        let sink = ToArraySink(observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

final class ToArraySink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == [SourceElement] {
    private var elements: [SourceElement] = []

    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: toArraySinkKind)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            elements.append(element)
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.next(elements))
            forwardOn(.completed)
            dispose()
        }
    }
}
