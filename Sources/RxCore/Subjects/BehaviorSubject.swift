
private let behaviorSubjectKind = ResourceKind("BehaviorSubject", .subject)

/// Holds a current value: a new subscriber first receives it, then every
/// later event. After termination a new subscriber receives only the
/// terminal event.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable, @unchecked Sendable {
    /// Guards `subject` and `element`: kept as two stored properties rather
    /// than one generic struct in a ``Locked``, whose layout would depend on
    /// `Element` and cost a metadata lookup on every element.
    private let lock = Lock()
    @exclusivity(unchecked) private var subject = SubjectState<Element>()
    @exclusivity(unchecked) private var element: Element
    private let delivery = DeliveryGuard()

    /// A subject whose current value is `value` until the first `next` event.
    public convenience init(value: Element) {
        self.init(value: value, source: "BehaviorSubject")
    }

    /// A subject whose operator chain starts with `source`, for the relay built on it.
    init(value: Element, source: String) {
        element = value
        super.init(kind: behaviorSubjectKind, chain: OperatorChain.source(source, element: Element.self))
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { lock.withLock { subject.observers.count > 0 } }

    /// Whether ``dispose()`` was called.
    public var isDisposed: Bool { lock.withLock { subject.isDisposed } }

    /// The current value.
    ///
    /// - Throws: the error the subject terminated with, or
    ///   ``RxError/disposed(object:)`` once it is disposed.
    public func value() throws -> Element {
        try lock.withLock { () -> Result<Element, Swift.Error> in
            if let error = subject.refusal(from: self)?.error { return .failure(error) }
            return .success(element)
        }.get()
    }

    /// Makes a `next` element the current value and sends the event to the observers.
    public func on(_ event: Event<Element>) {
        if case .next(let element) = event { return onNext(element) }
        delivery.deliver(in: "BehaviorSubject<\(Element.self)>") {
            SubjectObservers.deliver(event, to: lock.withLock { subject.receive(event) })
        }
    }

    /// Makes `element` the current value and sends it to the observers.
    public func onNext(_ element: Element) {
        delivery.deliver(in: "BehaviorSubject<\(Element.self)>") {
            lock.lock()
            if subject.isActive { self.element = element }
            let observers = subject.nextReceivers
            lock.unlock()
            SubjectObservers.deliver(next: element, to: observers)
        }
    }

    /// Sends the current value to `observer`, then every later event; after
    /// termination it receives only the terminal event.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        var subscription: Disposable = Disposables.create()
        delivery.replay {
            let first = lock.withLock { () -> Event<Element> in
                if let refusal = subject.refusal(from: self) { return refusal }
                let key = subject.observers.insert(observer)
                subscription = SubjectSubscription { [weak self] in
                    guard let self else { return }
                    lock.withLock { self.subject.observers.remove(key) }
                }
                return .next(element)
            }
            observer.on(first)
        }
        return subscription
    }

    /// The observer side of the subject.
    public func asObserver() -> BehaviorSubject<Element> { self }

    /// Releases the observers; later subscribers receive a `disposed` error,
    /// and ``value()`` throws it.
    public func dispose() {
        lock.withLock { subject.dispose() }
    }
}
