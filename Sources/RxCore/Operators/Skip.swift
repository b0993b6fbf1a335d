private let skipCountKind = ResourceKind("SkipCount", .observable)
private let skipCountSinkKind = ResourceKind("SkipCountSink", .sink)

extension ObservableType {
    /// The elements after the first `count`.
    public func skip(_ count: Int) -> Observable<Element> {
        UnaryProducer(SkipCount(count: count), source: asObservable(), kind: skipCountKind, name: "skip")
    }
}

struct SkipCount<Element>: SinkOperator {
    typealias SourceElement = Element

    let count: Int

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<Element> where Observer.Element == Element {
        SkipCountSink(remaining: count, observer: observer, cancel: cancel)
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
