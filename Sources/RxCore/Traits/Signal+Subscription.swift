extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Sends every event to each of `observers`; recorded in the
    /// ``SubscriptionRegistry`` with the verb `emit`.
    @_transparent
    public func emit<Observer: ObserverType>(
        to observers: Observer...
    ) -> Disposable where Observer.Element == Element {
        emit(to: observers, site: .here())
    }

    /// `emit` with the site its public form takes from its caller.
    @usableFromInline
    func emit<Observer: ObserverType>(
        to observers: [Observer],
        site: CallSite
    ) -> Disposable where Observer.Element == Element {
        asObservable().send(to: observers, verb: .emit, site: site)
    }

    /// Sends every event, with its element made optional, to each of `observers`.
    @_transparent
    public func emit<Observer: ObserverType>(
        to observers: Observer...
    ) -> Disposable where Observer.Element == Element? {
        emit(to: observers, site: .here())
    }

    /// `emit` with the site its public form takes from its caller.
    @usableFromInline
    func emit<Observer: ObserverType>(
        to observers: [Observer],
        site: CallSite
    ) -> Disposable where Observer.Element == Element? {
        asObservable().map({ $0 as Element? }, site: site)
            .send(to: observers, verb: .emit, site: site)
    }

    /// Makes each of `relays` accept every element as its new value.
    @_transparent
    public func emit(
        to relays: BehaviorRelay<Element>...
    ) -> Disposable {
        emit(to: relays, site: .here())
    }

    /// `emit` with the site its public form takes from its caller.
    @usableFromInline
    func emit(
        to relays: [BehaviorRelay<Element>],
        site: CallSite
    ) -> Disposable {
        asObservable().accept(into: relays, verb: .emit, site: site)
    }

    /// Makes each of `relays` accept every element, made optional, as its new value.
    @_transparent
    public func emit(
        to relays: BehaviorRelay<Element?>...
    ) -> Disposable {
        emit(to: relays, site: .here())
    }

    /// `emit` with the site its public form takes from its caller.
    @usableFromInline
    func emit(
        to relays: [BehaviorRelay<Element?>],
        site: CallSite
    ) -> Disposable {
        asObservable().map({ $0 as Element? }, site: site)
            .accept(into: relays, verb: .emit, site: site)
    }

    /// Makes each of `relays` accept every element.
    @_transparent
    public func emit(
        to relays: PublishRelay<Element>...
    ) -> Disposable {
        emit(to: relays, site: .here())
    }

    /// `emit` with the site its public form takes from its caller.
    @usableFromInline
    func emit(
        to relays: [PublishRelay<Element>],
        site: CallSite
    ) -> Disposable {
        asObservable().accept(into: relays, verb: .emit, site: site)
    }

    /// Makes each of `relays` accept every element, made optional.
    @_transparent
    public func emit(
        to relays: PublishRelay<Element?>...
    ) -> Disposable {
        emit(to: relays, site: .here())
    }

    /// `emit` with the site its public form takes from its caller.
    @usableFromInline
    func emit(
        to relays: [PublishRelay<Element?>],
        site: CallSite
    ) -> Disposable {
        asObservable().map({ $0 as Element? }, site: site)
            .accept(into: relays, verb: .emit, site: site)
    }

    /// Makes each of `relays` accept and keep every element.
    @_transparent
    public func emit(
        to relays: ReplayRelay<Element>...
    ) -> Disposable {
        emit(to: relays, site: .here())
    }

    /// `emit` with the site its public form takes from its caller.
    @usableFromInline
    func emit(
        to relays: [ReplayRelay<Element>],
        site: CallSite
    ) -> Disposable {
        asObservable().accept(into: relays, verb: .emit, site: site)
    }

    /// Makes each of `relays` accept and keep every element, made optional.
    @_transparent
    public func emit(
        to relays: ReplayRelay<Element?>...
    ) -> Disposable {
        emit(to: relays, site: .here())
    }

    /// `emit` with the site its public form takes from its caller.
    @usableFromInline
    func emit(
        to relays: [ReplayRelay<Element?>],
        site: CallSite
    ) -> Disposable {
        asObservable().map({ $0 as Element? }, site: site)
            .accept(into: relays, verb: .emit, site: site)
    }

    /// Calls the closures for elements, completion and disposal; recorded in
    /// the ``SubscriptionRegistry`` with the verb `emit`.
    @_transparent
    public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        emit(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, site: .here())
    }

    /// `emit` with the site its public form takes from its caller.
    @usableFromInline
    func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        asObservable().subscribeElements(
            verb: .emit, site: site,
            onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Calls the closures with `object`, held weakly: once it is gone, events are ignored.
    @_transparent
    public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        emit(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, site: .here())
    }

    /// `emit` with the site its public form takes from its caller.
    @usableFromInline
    func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        asObservable().subscribeElements(
            verb: .emit, site: site, with: object,
            onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes without handling anything, to keep the signal's work going.
    @_transparent
    public func emit() -> Disposable {
        emit(site: .here())
    }

    /// `emit` with the site its public form takes from its caller.
    @usableFromInline
    func emit(site: CallSite) -> Disposable {
        emit(onNext: nil, onCompleted: nil, onDisposed: nil, site: site)
    }
}

extension ObservableType {
    /// Subscribes closures for the elements, completion and disposal of a
    /// sequence that never fails, recorded with `verb`.
    func subscribeElements(
        verb: SubscriptionVerb, site: CallSite,
        onNext: ((Element) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?
    ) -> Disposable {
        if let onNext { ClosureSites.note(onNext, "\(verb)(onNext:)", site) }
        if let onCompleted { ClosureSites.note(onCompleted, "\(verb)(onCompleted:)", site) }
        if let onDisposed { ClosureSites.note(onDisposed, "\(verb)(onDisposed:)", site) }
        return subscribeRegistered(verb: verb, site: site, onDisposed: onDisposed) { event in
            switch event {
            case .next(let element): onNext?(element)
            case .error(let error): Hooks.reportUnhandled(error, subscribedAt: site)
            case .completed: onCompleted?()
            }
        }
    }

    /// ``subscribeElements(verb:site:onNext:onCompleted:onDisposed:)`` with
    /// closures that receive `object`, held weakly.
    func subscribeElements<Object: AnyObject>(
        verb: SubscriptionVerb, site: CallSite, with object: Object,
        onNext: ((Object, Element) -> Void)?, onCompleted: ((Object) -> Void)?, onDisposed: ((Object) -> Void)?
    ) -> Disposable {
        subscribeElements(
            verb: verb, site: site,
            onNext: weakly(object, onNext), onCompleted: weakly(object, onCompleted),
            onDisposed: weakly(object, onDisposed))
    }
}
