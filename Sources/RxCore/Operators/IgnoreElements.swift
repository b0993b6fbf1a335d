private let ignoreElementsKind = ResourceKind("IgnoreElements", .observable)
private let ignoreElementsSinkKind = ResourceKind("IgnoreElementsSink", .sink)

extension ObservableType {
    /// Only the termination of the sequence: its error or completion.
    public func ignoreElements() -> Observable<Never> {
        UnaryProducer(IgnoreElements(), source: asObservable(), kind: ignoreElementsKind, name: "ignoreElements")
    }
}

struct IgnoreElements<SourceElement>: SinkOperator {
    typealias Element = Never

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<SourceElement> where Observer.Element == Element {
        IgnoreElementsSink<SourceElement, Observer>(observer: observer, cancel: cancel)
    }
}

final class IgnoreElementsSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Never {
    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: ignoreElementsSinkKind)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next:
            break
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardOn(.completed)
            dispose()
        }
    }
}
