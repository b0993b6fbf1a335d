private let singleElementKind = ResourceKind("SingleElement", .observable)
private let singleElementSinkKind = ResourceKind("SingleElementSink", .sink)

extension ObservableType {
    /// The source's only element, passed on when it arrives; the sequence
    /// fails with ``RxError/moreThanOneElement`` at a second element and with
    /// ``RxError/noElements`` when the source completes without one.
    public func single() -> Observable<Element> {
        UnaryProducer(SingleElement(predicate: nil), source: asObservable(), kind: singleElementKind, name: "single")
    }

    /// `single` with the site its public form takes from its caller.
    @usableFromInline
    func single(
        _ predicate: @escaping (Element) throws -> Bool,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(predicate, "single", site)
        return UnaryProducer(
            SingleElement(predicate: predicate), source: asObservable(), kind: singleElementKind, name: "single")
    }
}

struct SingleElement<Element>: SinkOperator {
    typealias SourceElement = Element

    let predicate: ((Element) throws -> Bool)?

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<SourceElement> where Observer.Element == Element {
        SingleElementSink(predicate: predicate, observer: observer, cancel: cancel)
    }
}

final class SingleElementSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let predicate: ((Element) throws -> Bool)?
    private var seenElement = false

    init(predicate: ((Element) throws -> Bool)?, observer: Observer, cancel: Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel, kind: singleElementSinkKind)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            do {
                if let predicate, try !predicate(element) { return }
            } catch {
                forwardError(error)
                return
            }
            if seenElement {
                forwardError(RxError.moreThanOneElement)
                return
            }
            seenElement = true
            forwardOn(event)
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            if seenElement {
                forwardCompleted()
            } else {
                forwardError(RxError.noElements)
            }
        }
    }
}
