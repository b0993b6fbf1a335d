private let behaviorSubjectKind = ResourceKind("BehaviorSubject", .subject)

/// Holds a current value: a new subscriber first receives it, then every
/// later event. After termination a new subscriber receives only the
/// terminal event.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
    @unchecked Sendable
{
    /// The subject's observer side, as RxSwift names it.
    public typealias SubjectObserverType = BehaviorSubject<Element>

    /// The current value is boxed (and replaced in the box) so the state's
    /// layout does not depend on `Element`: handling a generic struct would
    /// look up its metadata on every element.
    private struct State: ObserverKeeping {
        var subject = SubjectState<Element>()
        let current: ElementBox<Element>

        /// Modified in place: a setter would copy the arrays on every removal.
        var observers: SubjectObservers {
            get { subject.observers }
            _modify { yield &subject.observers }
        }
    }

    private let state: DeliveryGuard<State, Element>

    /// A subject whose current value is `value` until the first `next` event.
    public convenience init(value: Element) {
        self.init(value: value, source: "BehaviorSubject")
    }

    /// A subject whose operator chain starts with `source`, for the relay built on it.
    init(value: Element, source: String) {
        state = DeliveryGuard(State(current: ElementBox(value)))
        super.init(kind: behaviorSubjectKind, chain: OperatorChain.source(source, element: Element.self))
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { state.withLock { $0.subject.observers.count > 0 } }

    /// Whether ``dispose()`` was called.
    public var isDisposed: Bool { state.withLock { $0.subject.isDisposed } }

    /// The current value.
    ///
    /// - Throws: the error the subject terminated with, or
    ///   ``RxError/disposed(object:)`` once it is disposed.
    public func value() throws -> Element {
        try state.withLock { state -> Result<Element, Swift.Error> in
            if let error = state.subject.refusal(from: self)?.error { return .failure(error) }
            return .success(state.current.element)
        }.get()
    }

    /// Makes a `next` element the current value and sends the event to the observers.
    public func on(_ event: Event<Element>) {
        if case .next(let element) = event { return onNext(element) }
        state.send(in: "BehaviorSubject<\(Element.self)>") { .event(event, to: $0.subject.receive(event)) }
    }

    /// Makes `element` the current value and sends it to the observers.
    public func onNext(_ element: Element) {
        state.sendNext(element, in: "BehaviorSubject<\(Element.self)>") { state in
            if state.subject.isActive { state.current.element = element }
            return state.subject.nextReceivers
        }
    }

    /// Sends the current value to `observer`, then every later event; after
    /// termination it receives only the terminal event.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        var subscription: Disposable = Disposables.create()
        let subscriber = SubjectObserver(observer)
        state.replay { state in
            if let refusal = state.subject.refusal(from: self) { return .replay([], then: refusal, to: subscriber) }
            let key = state.subject.observers.insert(subscriber)
            subscription = SubjectSubscription(removing: key, from: self.state)
            return .value(state.current.element, to: subscriber)
        }
        return subscription
    }

    /// The observer side of the subject.
    public func asObserver() -> BehaviorSubject<Element> { self }

    /// Releases the observers; later subscribers receive a `disposed` error,
    /// and ``value()`` throws it.
    public func dispose() {
        _ = state.withLock { $0.subject.dispose() }
    }
}
