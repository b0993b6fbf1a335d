private let asyncSubjectKind = ResourceKind("AsyncSubject", .subject)

/// Sends only the last element it received, followed by completion, when it
/// completes; an error is sent as is. A subscriber after termination receives
/// the same outcome.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, @unchecked Sendable {
    /// The subject's observer side, as RxSwift names it.
    public typealias SubjectObserverType = AsyncSubject<Element>

    private struct State: ObserverKeeping {
        var observers = SubjectObservers()
        var lastElement: Element?
        /// `.next(last)` once completed with an element, else the terminal event.
        var stopEvent: Event<Element>?
    }

    private let state = DeliveryGuard<State, Element>(State())

    /// A subject with no observers and no element.
    public init() {
        super.init(kind: asyncSubjectKind, chain: OperatorChain.source("AsyncSubject", element: Element.self))
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { state.withLock { $0.observers.count > 0 } }

    /// Keeps a `next` element as the last one; on completion sends it and
    /// completion to the observers, on an error sends the error.
    public func on(_ event: Event<Element>) {
        state.send(in: "AsyncSubject<\(Element.self)>") { state in
            guard state.stopEvent == nil else { return .nothing }
            switch event {
            case .next(let element):
                state.lastElement = element
                return .nothing
            case .error:
                state.stopEvent = event
                return .event(event, to: state.observers.removeAll())
            case .completed:
                let lastElement = state.lastElement
                state.stopEvent = lastElement.map { .next($0) } ?? .completed
                state.lastElement = nil
                guard let lastElement else { return .event(.completed, to: state.observers.removeAll()) }
                return .lastElement(lastElement, to: state.observers.removeAll())
            }
        }
    }

    /// Adds `observer`; after termination it receives the outcome at once instead.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let (key, outcome) = state.withLock { state -> (Int?, Event<Element>?) in
            if let stopEvent = state.stopEvent { return (nil, stopEvent) }
            return (state.observers.insert(observer), nil)
        }
        guard let key else {
            if let outcome {
                observer.on(outcome)
                if case .next = outcome { observer.on(.completed) }
            }
            return Disposables.create()
        }
        return SubjectSubscription(removing: key, from: state)
    }

    /// The observer side of the subject.
    public func asObserver() -> AsyncSubject<Element> { self }
}
