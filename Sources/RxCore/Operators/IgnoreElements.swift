private let ignoreElementsKind = ResourceKind("IgnoreElements", .observable)
private let ignoreElementsSinkKind = ResourceKind("IgnoreElementsSink", .sink)

extension ObservableType {
    /// Only the termination of the sequence: its error or completion.
    public func ignoreElements() -> Observable<Never> {
        UnaryProducer(IgnoreElements(), source: asObservable(), kind: ignoreElementsKind, name: "ignoreElements")
    }
}

struct IgnoreElements<SourceElement>: UnaryOperator {
    typealias Element = Never

    func run<Observer: ObserverType>(
        _ source: Observable<SourceElement>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = IgnoreElementsSink<SourceElement, Observer>(observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
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
