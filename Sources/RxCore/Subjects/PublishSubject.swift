private let publishSubjectKind = ResourceKind("PublishSubject", .subject)

/// Sends each event to the observers subscribed at that moment; a late
/// subscriber after termination receives only the terminal event.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
    @unchecked Sendable
{
    /// The subject's observer side, as RxSwift names it.
    public typealias SubjectObserverType = PublishSubject<Element>

    private let state = DeliveryGuard<SubjectState<Element>, Element>(SubjectState())

    /// A subject with no observers.
    public convenience init() {
        self.init(source: "PublishSubject")
    }

    /// A subject whose operator chain starts with `source`, for the relay built on it.
    init(source: String) {
        super.init(kind: publishSubjectKind, chain: OperatorChain.source(source, element: Element.self))
    }

    /// Subscriptions made with `subscribe(onNext:…)` hold the state, which
    /// holds their observers: emptied here, so none outlives the subject.
    deinit {
        _ = state.withLock { $0.dispose() }
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { state.withLock { $0.observers.count > 0 } }

    /// Whether ``dispose()`` was called.
    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// Sends the event to the observers subscribed now.
    public func on(_ event: Event<Element>) {
        if case .next(let element) = event { return onNext(element) }
        state.send(in: "PublishSubject<\(Element.self)>") { .event(event, to: $0.receive(event)) }
    }

    /// Sends `element` to the observers subscribed now.
    public func onNext(_ element: Element) {
        state.sendNext(element, in: "PublishSubject<\(Element.self)>") { $0.nextReceivers }
    }

    /// Adds `observer`; after termination it receives only the terminal event.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        add(SubjectObserver(observer))
    }

    override func subscribe(entry observer: AnonymousObserver<Element>, into handle: SubscriptionHandle) -> Bool {
        guard let key = insert(observer) else { return false }
        handle.attach(removing: key, from: state)
        return true
    }

    private func add(_ entry: SubjectObserverBase<Element>) -> Disposable {
        guard let key = insert(entry) else { return refuse(entry) }
        return SubjectSubscription(removing: key, from: state)
    }

    /// The new observer's key, or nil when the subject no longer takes observers.
    private func insert(_ entry: SubjectObserverBase<Element>) -> Int? {
        state.withLock { $0.isActive ? $0.observers.insert(entry) : nil }
    }

    /// Sends a subscriber after termination or disposal what it gets instead
    /// of being added. Out of line, so subscribing never sizes a generic `Event`
    /// (a metadata lookup per subscription).
    @inline(never)
    private func refuse(_ entry: SubjectObserverBase<Element>) -> Disposable {
        if let refusal = state.withLock({ $0.refusal(from: self) }) { entry.on(refusal) }
        return Disposables.create()
    }

    /// The observer side of the subject.
    public func asObserver() -> PublishSubject<Element> { self }

    /// Releases the observers; later subscribers receive a `disposed` error.
    public func dispose() {
        _ = state.withLock { $0.dispose() }
    }
}
