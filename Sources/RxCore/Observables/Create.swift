private let anonymousObservableKind = ResourceKind("AnonymousObservable", .observable)
private let anonymousObservableSinkKind = ResourceKind("AnonymousObservableSink", .sink)

extension ObservableType {
    /// A sequence whose subscriptions run `subscribe`, which sends events to the
    /// observer it is given and returns what disposes them.
    ///
    /// Events that break the grammar (after a terminal event, or after disposal)
    /// are dropped.
    @_transparent
    public static func create(
        _ subscribe: @escaping (AnyObserver<Element>) -> Disposable
    ) -> Observable<Element> {
        create(subscribe, site: .here())
    }

    /// `create` with the site its public form takes from its caller.
    @usableFromInline
    static func create(
        _ subscribe: @escaping (AnyObserver<Element>) -> Disposable,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(subscribe, "create", site)
        return AnonymousObservable(subscribe, site: site)
    }
}

final class AnonymousObservable<Element>: Producer<Element> {
    typealias SubscribeHandler = (AnyObserver<Element>) -> Disposable

    private let subscribeHandler: SubscribeHandler
    private let site: CallSite

    init(_ subscribeHandler: @escaping SubscribeHandler, site: CallSite) {
        self.subscribeHandler = subscribeHandler
        self.site = site
        super.init(kind: anonymousObservableKind, chain: OperatorChain.source("create", element: Element.self))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = AnonymousObservableSink(observer: observer, cancel: cancel)
        return (sink, subscribeHandler(AnyObserver(sink)))
    }
}

final class AnonymousObservableSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    private let stopped = DisposedFlag()

    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: anonymousObservableSinkKind)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if stopped.isSet {
                Resources.record(.eventAfterTermination, in: "Observable<\(Element.self)>.create")
                return
            }
            forwardOn(event)
        case .error, .completed:
            guard stopped.set() else {
                Resources.record(.eventAfterTermination, in: "Observable<\(Element.self)>.create")
                return
            }
            forwardOn(event)
            dispose()
        }
    }
}
