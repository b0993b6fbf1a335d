private let firstKind = ResourceKind("First", .observable)
private let firstSinkKind = ResourceKind("FirstSink", .sink)

extension ObservableType {
    /// The first element, or `nil` when the sequence completes without one,
    /// as a ``Single``; the source's subscription ends with the first element.
    public func first() -> Single<Element?> {
        Single(raw: UnaryProducer(First(), source: asObservable(), kind: firstKind, name: "first"))
    }
}

struct First<SourceElement>: SinkOperator {
    typealias Element = SourceElement?

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<SourceElement> where Observer.Element == Element {
        FirstSink<SourceElement, Observer>(observer: observer, cancel: cancel)
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
