private let toArrayKind = ResourceKind("ToArray", .observable)
private let toArraySinkKind = ResourceKind("ToArraySink", .sink)

extension ObservableType {
    /// Collects every element and, on completion, succeeds with them as one array.
    public func toArray() -> Single<[Element]> {
        Single(raw: UnaryProducer(ToArray(), source: asObservable(), kind: toArrayKind, name: "toArray"))
    }
}

struct ToArray<SourceElement>: UnaryOperator {
    typealias Element = [SourceElement]

    func run<Observer: ObserverType>(
        _ source: Observable<SourceElement>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
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
            forwardError(error)
        case .completed:
            forwardOn(.next(elements))
            forwardOn(.completed)
            dispose()
        }
    }
}
