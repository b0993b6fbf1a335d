// The site forms below do the work; their public forms, which hand them
// their caller's site, are generated (Subscribe.generated.swift).

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// `emit` with the site its public form takes from its caller.
    @usableFromInline
    func emit<Observer: ObserverType>(
        to observers: [Observer],
        site: CallSite
    ) -> Disposable where Observer.Element == Element {
        asObservable().send(to: observers, verb: .emit, site: site)
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

    /// `emit` into relays, with the site their public forms take from their caller.
    @usableFromInline
    func emit<Relay: AcceptingRelay>(to relays: [Relay], site: CallSite) -> Disposable
    where Relay.Element == Element {
        asObservable().accept(into: relays, verb: .emit, site: site)
    }

    /// `emit` into relays of optional elements, with the site their public forms take from their caller.
    @usableFromInline
    func emit<Relay: AcceptingRelay>(to relays: [Relay], site: CallSite) -> Disposable
    where Relay.Element == Element? {
        asObservable().map({ $0 as Element? }, site: site)
            .accept(into: relays, verb: .emit, site: site)
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
