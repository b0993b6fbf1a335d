private let asSingleKind = ResourceKind("AsSingle", .observable)
private let asSingleSinkKind = ResourceKind("AsSingleSink", .sink)

extension ObservableType {
    /// The only element as a ``Single``: no element fails with
    /// ``RxError/noElements``, a second one with ``RxError/moreThanOneElement``.
    public func asSingle() -> Single<Element> {
        Single(
            raw: UnaryProducer(
                AsSingle(requiresElement: true), source: asObservable(), kind: asSingleKind, name: "asSingle"))
    }

    /// The only element, if any, as a ``Maybe``: a second one fails with
    /// ``RxError/moreThanOneElement``.
    public func asMaybe() -> Maybe<Element> {
        Maybe(
            raw: UnaryProducer(
                AsSingle(requiresElement: false), source: asObservable(), kind: asSingleKind, name: "asMaybe"))
    }
}

/// `asSingle` and `asMaybe`, which differ only in what completion without an element means.
struct AsSingle<Element>: SinkOperator {
    typealias SourceElement = Element

    let requiresElement: Bool

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<SourceElement> where Observer.Element == Element {
        AsSingleSink(requiresElement: requiresElement, observer: observer, cancel: cancel)
    }
}

final class AsSingleSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let requiresElement: Bool
    private var element: Element?

    init(requiresElement: Bool, observer: Observer, cancel: Cancelable) {
        self.requiresElement = requiresElement
        super.init(observer: observer, cancel: cancel, kind: asSingleSinkKind)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            if element != nil {
                forwardOn(.error(RxError.moreThanOneElement))
                dispose()
            }
            element = value
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            if let element {
                forwardOn(.next(element))
                forwardOn(.completed)
            } else {
                forwardOn(requiresElement ? .error(RxError.noElements) : .completed)
            }
            dispose()
        }
    }
}
