private let adaptedObservableKind = ResourceKind("AdaptedObservable", .observable)
private let adaptedObserverKind = ResourceKind("AdaptedObserver", .sink)

extension ObservableType {
    /// The sequence as an ``Observable``; an ``Observable`` returns itself.
    public func asObservable() -> Observable<Element> {
        AdaptedObservable(self)
    }
}

/// An ``ObservableType`` that is not an ``Observable`` (RxTest's testable
/// sequences, a type of the app's own), seen as one.
///
/// RxSwift wraps such a type in `create`, whose sink and disposer hold each
/// other until the subscription ends: a subscription never disposed then
/// outlives its source. Here the source gets an ``AdaptedObserver``, and the
/// disposable handed back leads only to what the source returned, never back
/// to that observer: the subscription goes with its source.
final class AdaptedObservable<Source: ObservableType>: Observable<Source.Element> {
    private let source: Source

    init(_ source: Source) {
        self.source = source
        let name = String(describing: Source.self).prefix { $0 != "<" }
        super.init(kind: adaptedObservableKind, chain: OperatorChain.source(String(name), element: Element.self))
    }

    /// Subscribes on the ``CurrentThreadScheduler`` trampoline, as a producer does.
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        CurrentThreadScheduler.trampoline {
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(source.subscribe(AdaptedObserver(observer, ending: subscription)))
            return subscription
        }
    }
}

/// Passes on the source's events while they keep the grammar: nothing after a
/// terminal event or after disposal. It ends the subscription after a terminal event.
final class AdaptedObserver<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element

    private let observer: Observer
    private let subscription: SingleAssignmentDisposable
    private let stopped = DisposedFlag()
    private let token = ResourceToken(adaptedObserverKind)

    init(_ observer: Observer, ending subscription: SingleAssignmentDisposable) {
        self.observer = observer
        self.subscription = subscription
    }

    func on(_ event: Event<Element>) {
        guard !subscription.isDisposed else { return }
        switch event {
        case .next:
            guard !stopped.isSet else { return recordEventAfterTermination() }
            observer.on(event)
        case .error, .completed:
            guard stopped.set() else { return recordEventAfterTermination() }
            observer.on(event)
            subscription.dispose()
        }
    }

    private func recordEventAfterTermination() {
        Resources.record(.eventAfterTermination, in: "Observable<\(Element.self)>.asObservable()")
    }
}
