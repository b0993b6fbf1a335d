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

extension ObservableType {
    /// A sequence of one element sent on `scheduler`, then completion,
    /// scheduled as a second action.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        ScheduledElement(element, .once, scheduler: scheduler)
    }
}
