/// The outcome of a ``Single``, a ``Maybe`` or a ``Completable`` as the
/// events of the underlying sequence: what `create` sends for an outcome and
/// what `subscribe` hands its closure for the first event.
@usableFromInline
protocol PrimitiveOutcome {
    associatedtype Element

    /// The outcome the first event stands for; nil for a single's completion
    /// without an element, which reaches no closure.
    init?(_ event: Event<Element>)

    /// Sends the events this outcome stands for: a success is its element, then completion.
    func send(to observer: AnyObserver<Element>)
}

extension Result: PrimitiveOutcome where Failure == Swift.Error {
    @usableFromInline
    init?(_ event: Event<Success>) {
        switch event {
        case .next(let element): self = .success(element)
        case .error(let error): self = .failure(error)
        case .completed: return nil
        }
    }

    @usableFromInline
    func send(to observer: AnyObserver<Success>) {
        switch self {
        case .success(let element):
            observer.on(.next(element))
            observer.on(.completed)
        case .failure(let error):
            observer.on(.error(error))
        }
    }
}

extension MaybeEvent: PrimitiveOutcome {
    @usableFromInline
    init?(_ event: Event<Element>) {
        switch event {
        case .next(let element): self = .success(element)
        case .error(let error): self = .error(error)
        case .completed: self = .completed
        }
    }

    @usableFromInline
    func send(to observer: AnyObserver<Element>) {
        switch self {
        case .success(let element): SingleEvent.success(element).send(to: observer)
        case .error(let error): observer.on(.error(error))
        case .completed: observer.on(.completed)
        }
    }
}

extension CompletableEvent: PrimitiveOutcome {
    @usableFromInline
    init?(_ event: Event<Never>) {
        switch event {
        case .error(let error): self = .error(error)
        case .completed: self = .completed
        }
    }

    @usableFromInline
    func send(to observer: AnyObserver<Never>) {
        switch self {
        case .error(let error): observer.on(.error(error))
        case .completed: observer.on(.completed)
        }
    }
}
