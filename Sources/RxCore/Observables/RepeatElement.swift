private let repeatElementKind = ResourceKind("RepeatElement", .observable)
private let repeatElementSinkKind = ResourceKind("RepeatElementSink", .sink)

extension ObservableType {
    /// `element` again and again, one per run on `scheduler`, without end.
    public static func repeatElement(
        _ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        RepeatElement(element: element, scheduler: scheduler)
    }
}

final class RepeatElement<Element>: Producer<Element> {
    private let element: Element
    private let scheduler: ImmediateSchedulerType

    init(element: Element, scheduler: ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
        super.init(kind: repeatElementKind, chain: OperatorChain.source("repeatElement", element: Element.self))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = RepeatElementSink(observer: observer, cancel: cancel)
        return (sink, sink.run(element, on: scheduler))
    }
}

final class RepeatElementSink<Observer: ObserverType>: Sink<Observer> {
    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: repeatElementSinkKind)
    }

    func run(_ element: Observer.Element, on scheduler: ImmediateSchedulerType) -> Disposable {
        scheduler.scheduleRecursive(element) { element, recurse in
            self.forwardOn(.next(element))
            recurse(element)
        }
    }
}
