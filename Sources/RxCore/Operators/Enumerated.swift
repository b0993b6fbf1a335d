private let enumeratedKind = ResourceKind("Enumerated", .observable)
private let enumeratedSinkKind = ResourceKind("EnumeratedSink", .sink)

extension ObservableType {
    /// Each element paired with its index, counted from 0.
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        UnaryProducer(Enumerated(), source: asObservable(), kind: enumeratedKind, name: "enumerated")
    }
}

struct Enumerated<SourceElement>: SinkOperator {
    typealias Element = (index: Int, element: SourceElement)

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<SourceElement> where Observer.Element == Element {
        EnumeratedSink(observer: observer, cancel: cancel)
    }
}

final class EnumeratedSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == (index: Int, element: SourceElement) {
    private var index = 0

    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: enumeratedSinkKind)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            let (next, overflow) = index.addingReportingOverflow(1)
            if overflow { return forwardError(RxError.overflow) }
            forwardNext((index, element))
            index = next
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
