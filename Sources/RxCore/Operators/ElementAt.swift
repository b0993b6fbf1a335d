private let elementAtKind = ResourceKind("ElementAt", .observable)
private let elementAtSinkKind = ResourceKind("ElementAtSink", .sink)

extension ObservableType {
    /// The element at `index` (counted from 0), then completion; fails with
    /// ``RxError/argumentOutOfRange`` if the source completes before it.
    public func element(at index: Int) -> Observable<Element> {
        precondition(index >= 0, "index can't be negative")
        return UnaryProducer(ElementAt(index: index), source: asObservable(), kind: elementAtKind, name: "element(at:)")
    }

    /// RxSwift 5's name for ``element(at:)``.
    @available(*, deprecated, renamed: "element(at:)")
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }
}

struct ElementAt<Element>: SinkOperator {
    typealias SourceElement = Element

    let index: Int

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<Element> where Observer.Element == Element {
        ElementAtSink(index: index, observer: observer, cancel: cancel)
    }
}

final class ElementAtSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    /// Elements still to skip before the one to send.
    private var remaining: Int

    init(index: Int, observer: Observer, cancel: Cancelable) {
        self.remaining = index
        super.init(observer: observer, cancel: cancel, kind: elementAtSinkKind)
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            if remaining == 0 {
                forwardNext(element)
                forwardCompleted()
            }
            remaining -= 1
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardError(RxError.argumentOutOfRange)
        }
    }
}
