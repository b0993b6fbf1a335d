private let defaultIfEmptyKind = ResourceKind("DefaultIfEmpty", .observable)
private let defaultIfEmptySinkKind = ResourceKind("DefaultIfEmptySink", .sink)

extension ObservableType {
    /// The source's events; if it completes without an element, `default`
    /// first.
    public func ifEmpty(default: Element) -> Observable<Element> {
        UnaryProducer(
            DefaultIfEmpty(defaultElement: `default`), source: asObservable(), kind: defaultIfEmptyKind,
            name: "ifEmpty(default:)")
    }
}

struct DefaultIfEmpty<Element>: SinkOperator {
    typealias SourceElement = Element

    let defaultElement: Element

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<Element> where Observer.Element == Element {
        DefaultIfEmptySink(default: defaultElement, observer: observer, cancel: cancel)
    }
}

final class DefaultIfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    private let defaultElement: Observer.Element
    private var isEmpty = true

    init(default defaultElement: Observer.Element, observer: Observer, cancel: Cancelable) {
        self.defaultElement = defaultElement
        super.init(observer: observer, cancel: cancel, kind: defaultIfEmptySinkKind)
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            isEmpty = false
            forwardNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            if isEmpty { forwardNext(defaultElement) }
            forwardCompleted()
        }
    }
}
