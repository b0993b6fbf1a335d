private let justKind = ResourceKind("Just", .observable)

extension ObservableType {
    /// A sequence of one element, then completion.
    ///
    /// Inlinable so the caller names `Just` of its concrete element type,
    /// whose metadata is cached there, instead of RxCore looking it up for
    /// every `just` (as `flatMap { .just($0) }` makes one per element).
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        Just(element: element)
    }
}

@usableFromInline
final class Just<Element>: Producer<Element> {
    private let element: Element

    @usableFromInline
    init(element: Element) {
        self.element = element
        super.init(kind: justKind, chain: OperatorChain.source("just", element: Element.self))
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        observer.onNext(element)
        observer.onCompleted()
        return Disposables.create()
    }

    override func forEachImmediate(_ body: (Element) throws -> Void) throws -> Bool {
        try body(element)
        return true
    }
}

private let justScheduledKind = ResourceKind("JustScheduled", .observable)
private let justScheduledSinkKind = ResourceKind("JustScheduledSink", .sink)

extension ObservableType {
    /// A sequence of one element sent on `scheduler`, then completion,
    /// scheduled as a second action.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        JustScheduled(element: element, scheduler: scheduler)
    }
}

final class JustScheduled<Element>: Producer<Element> {
    private let element: Element
    private let scheduler: ImmediateSchedulerType

    init(element: Element, scheduler: ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
        super.init(kind: justScheduledKind, chain: OperatorChain.source("just", element: Element.self))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = JustScheduledSink(observer: observer, cancel: cancel)
        return (sink, sink.run(element, on: scheduler))
    }
}

final class JustScheduledSink<Observer: ObserverType>: Sink<Observer> {
    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: justScheduledSinkKind)
    }

    func run(_ element: Observer.Element, on scheduler: ImmediateSchedulerType) -> Disposable {
        scheduler.schedule(element) { element in
            self.forwardNext(element)
            return scheduler.schedule(()) { _ in
                self.forwardCompleted()
                return Disposables.create()
            }
        }
    }
}
