private let takeCountKind = ResourceKind("TakeCount", .observable)
private let takeCountSinkKind = ResourceKind("TakeCountSink", .sink)

extension ObservableType {
    /// The first `count` elements, then completion; with a `count` of 0 the
    /// sequence completes at once without subscribing to the source.
    public func take(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "count can't be negative")
        return UnaryProducer(TakeCount(count: count), source: asObservable(), kind: takeCountKind, name: "take")
    }
}

struct TakeCount<Element>: UnaryOperator {
    let count: Int

    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = TakeCountSink(remaining: count, observer: observer, cancel: cancel)
        if count == 0 {
            sink.on(.completed)
            return (sink, Disposables.create())
        }
        return (sink, source.subscribe(sink))
    }
}

final class TakeCountSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private var remaining: Int

    init(remaining: Int, observer: Observer, cancel: Cancelable) {
        self.remaining = remaining
        super.init(observer: observer, cancel: cancel, kind: takeCountSinkKind)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            guard remaining > 0 else { return }
            remaining -= 1
            forwardOn(event)
            if remaining == 0 {
                forwardOn(.completed)
                dispose()
            }
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}
