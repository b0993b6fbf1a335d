private let skipCountKind = ResourceKind("SkipCount", .observable)
private let skipCountSinkKind = ResourceKind("SkipCountSink", .sink)

extension ObservableType {
    /// The elements after the first `count`.
    public func skip(_ count: Int) -> Observable<Element> {
        UnaryProducer(SkipCount(count: count), source: asObservable(), kind: skipCountKind, name: "skip")
    }
}

struct SkipCount<Element>: UnaryOperator {
    let count: Int

    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SkipCountSink(remaining: count, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

final class SkipCountSink<Observer: ObserverType>: Sink<Observer>, ElementSink {
    typealias Element = Observer.Element

    private var remaining: Int

    init(remaining: Int, observer: Observer, cancel: Cancelable) {
        self.remaining = remaining
        super.init(observer: observer, cancel: cancel, kind: skipCountSinkKind)
    }

    func onNext(_ element: Element) {
        if remaining <= 0 {
            forwardNext(element)
        } else {
            remaining -= 1
        }
    }
}
