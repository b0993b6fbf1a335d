private let switchIfEmptyKind = ResourceKind("SwitchIfEmpty", .observable)
private let switchIfEmptySinkKind = ResourceKind("SwitchIfEmptySink", .sink)

extension ObservableType {
    /// The source's events; if it completes without an element, the events
    /// of `other` instead of the completion.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        BinaryProducer(
            SwitchIfEmpty<Element>(), asObservable(), other, kind: switchIfEmptyKind, name: "ifEmpty(switchTo:)")
    }
}

struct SwitchIfEmpty<Element>: BinaryOperator {
    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ other: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SwitchIfEmptySink(other: other, observer: observer, cancel: cancel)
        return (sink, sink.run(source: source))
    }
}

final class SwitchIfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let other: Observable<Element>
    private var isEmpty = true
    /// The source's subscription, then `other`'s once the source ends empty.
    private let subscription = SerialDisposable()

    init(other: Observable<Element>, observer: Observer, cancel: Cancelable) {
        self.other = other
        super.init(observer: observer, cancel: cancel, kind: switchIfEmptySinkKind)
    }

    func run(source: Observable<Element>) -> Disposable {
        let sourceSubscription = SingleAssignmentDisposable()
        subscription.disposable = sourceSubscription
        sourceSubscription.setDisposable(source.subscribe(self))
        return subscription
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            isEmpty = false
            forwardOn(event)
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            if isEmpty {
                subscription.disposable = other.subscribe(SinkForward(self))
            } else {
                forwardOn(event)
                dispose()
            }
        }
    }
}
