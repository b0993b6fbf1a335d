private let toArrayKind = ResourceKind("ToArray", .observable)
private let toArraySinkKind = ResourceKind("ToArraySink", .sink)

extension ObservableType {
    /// Collects every element and, on completion, succeeds with them as one array.
    public func toArray() -> Single<[Element]> {
        Single(raw: UnaryProducer(ToArray(), source: asObservable(), kind: toArrayKind, name: "toArray"))
    }
}

struct ToArray<SourceElement>: SinkOperator {
    typealias Element = [SourceElement]

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<SourceElement> where Observer.Element == Element {
        ToArraySink(observer: observer, cancel: cancel)
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
