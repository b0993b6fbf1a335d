private let takeLastKind = ResourceKind("TakeLast", .observable)
private let takeLastSinkKind = ResourceKind("TakeLastSink", .sink)

extension ObservableType {
    /// The last `count` elements, sent when the source completes, then completion.
    public func takeLast(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "count can't be negative")
        return UnaryProducer(TakeLast(count: count), source: asObservable(), kind: takeLastKind, name: "takeLast")
    }
}

struct TakeLast<Element>: SinkOperator {
    typealias SourceElement = Element

    let count: Int

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<Element> where Observer.Element == Element {
        TakeLastSink(count: count, observer: observer, cancel: cancel)
    }
}

final class TakeLastSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let count: Int
    private var kept = Queue<Element>()

    init(count: Int, observer: Observer, cancel: Cancelable) {
        self.count = count
        super.init(observer: observer, cancel: cancel, kind: takeLastSinkKind)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            guard count > 0 else { return }
            kept.enqueue(element)
            if kept.count > count { _ = kept.dequeue() }
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            while let element = kept.dequeue() { forwardOn(.next(element)) }
            forwardOn(.completed)
            dispose()
        }
    }
}
