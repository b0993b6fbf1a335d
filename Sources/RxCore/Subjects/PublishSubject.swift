import Synchronization

private let publishSubjectKind = ResourceKind("PublishSubject", .subject)

/// Sends each event to the observers subscribed at that moment; a late
/// subscriber after termination receives only the terminal event.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable, @unchecked Sendable {
    private struct State {
        var observers = SubjectObservers<Element>()
        var stopEvent: Event<Element>?
        var isDisposed = false
    }

    private let state = Mutex(State())
    private let delivery = DeliveryGuard()

    /// A subject with no observers.
    public init() {
        super.init(kind: publishSubjectKind, chain: OperatorChain(source: "PublishSubject", element: Element.self))
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { state.withLock { $0.observers.count > 0 } }

    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    public func on(_ event: Event<Element>) {
        delivery.deliver(in: "PublishSubject<\(Element.self)>") {
            let observers = state.withLock { state -> ContiguousArray<(key: Int, handler: SubjectObservers<Element>.Handler)> in
                guard state.stopEvent == nil, !state.isDisposed else { return [] }
                if event.isStopEvent {
                    state.stopEvent = event
                    return state.observers.removeAll()
                }
                return state.observers.entries
            }
            SubjectObservers.deliver(event, to: observers)
        }
    }

    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let (key, stopEvent) = state.withLock { state -> (Int?, Event<Element>?) in
            if let stopEvent = state.stopEvent { return (nil, stopEvent) }
            if state.isDisposed { return (nil, .error(RxError.disposed(object: self))) }
            return (state.observers.insert(observer.on), nil)
        }
        guard let key else {
            if let stopEvent { observer.on(stopEvent) }
            return Disposables.create()
        }
        return SubjectSubscription { [weak self] in
            self?.state.withLock { $0.observers.remove(key) }
        }
    }

    /// The observer side of the subject.
    public func asObserver() -> PublishSubject<Element> { self }

    /// Releases the observers; later subscribers receive a `disposed` error.
    public func dispose() {
        state.withLock { state in
            state.isDisposed = true
            _ = state.observers.removeAll()
            state.stopEvent = nil
        }
    }
}
