// RxCocoa's bindings of infallible sequences: the observable's bindings,
// recorded in the subscription registry under the verb `bind`.

extension InfallibleType {
    /// Sends every event to each of `observers`.
    @_transparent
    public func bind<Observer: ObserverType>(
        to observers: Observer...
    ) -> Disposable where Observer.Element == Element {
        bind(to: observers, site: .here())
    }

    /// `bind` with the site its public form takes from its caller.
    @usableFromInline
    func bind<Observer: ObserverType>(
        to observers: [Observer],
        site: CallSite
    ) -> Disposable where Observer.Element == Element {
        asObservable().send(to: observers, verb: .bind, site: site)
    }

    /// Sends every event, its element made optional, to each of `observers`.
    @_transparent
    public func bind<Observer: ObserverType>(
        to observers: Observer...
    ) -> Disposable where Observer.Element == Element? {
        bind(to: observers, site: .here())
    }

    /// `bind` with the site its public form takes from its caller.
    @usableFromInline
    func bind<Observer: ObserverType>(
        to observers: [Observer],
        site: CallSite
    ) -> Disposable where Observer.Element == Element? {
        asObservable().map({ $0 as Element? }, site: site)
            .send(to: observers, verb: .bind, site: site)
    }

    /// Hands this sequence to `binder` and returns what it returns.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Hands this sequence to `binder`, then `curriedArgument` to the function
    /// it returns.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Calls `onNext` for every element.
    @_transparent
    public func bind(
        onNext: @escaping (Element) -> Void
    ) -> Disposable {
        bind(onNext: onNext, site: .here())
    }

    /// `bind` with the site its public form takes from its caller.
    @usableFromInline
    func bind(
        onNext: @escaping (Element) -> Void,
        site: CallSite
    ) -> Disposable {
        asObservable().bind(onNext: onNext, site: site)
    }

    /// Makes each of `relays` accept every element.
    @_transparent
    public func bind(
        to relays: PublishRelay<Element>...
    ) -> Disposable {
        bind(to: relays, site: .here())
    }

    /// `bind` with the site its public form takes from its caller.
    @usableFromInline
    func bind(
        to relays: [PublishRelay<Element>],
        site: CallSite
    ) -> Disposable {
        asObservable().accept(into: relays, verb: .bind, site: site)
    }

    /// Makes each of `relays` accept every element, made optional.
    @_transparent
    public func bind(
        to relays: PublishRelay<Element?>...
    ) -> Disposable {
        bind(to: relays, site: .here())
    }

    /// `bind` with the site its public form takes from its caller.
    @usableFromInline
    func bind(
        to relays: [PublishRelay<Element?>],
        site: CallSite
    ) -> Disposable {
        asObservable().map({ $0 as Element? }, site: site)
            .accept(into: relays, verb: .bind, site: site)
    }

    /// Makes each of `relays` accept every element, as their new value.
    @_transparent
    public func bind(
        to relays: BehaviorRelay<Element>...
    ) -> Disposable {
        bind(to: relays, site: .here())
    }

    /// `bind` with the site its public form takes from its caller.
    @usableFromInline
    func bind(
        to relays: [BehaviorRelay<Element>],
        site: CallSite
    ) -> Disposable {
        asObservable().accept(into: relays, verb: .bind, site: site)
    }

    /// Makes each of `relays` accept every element, made optional, as their new value.
    @_transparent
    public func bind(
        to relays: BehaviorRelay<Element?>...
    ) -> Disposable {
        bind(to: relays, site: .here())
    }

    /// `bind` with the site its public form takes from its caller.
    @usableFromInline
    func bind(
        to relays: [BehaviorRelay<Element?>],
        site: CallSite
    ) -> Disposable {
        asObservable().map({ $0 as Element? }, site: site)
            .accept(into: relays, verb: .bind, site: site)
    }

    /// Makes each of `relays` accept and keep every element.
    @_transparent
    public func bind(
        to relays: ReplayRelay<Element>...
    ) -> Disposable {
        bind(to: relays, site: .here())
    }

    /// `bind` with the site its public form takes from its caller.
    @usableFromInline
    func bind(
        to relays: [ReplayRelay<Element>],
        site: CallSite
    ) -> Disposable {
        asObservable().accept(into: relays, verb: .bind, site: site)
    }

    /// Makes each of `relays` accept and keep every element, made optional.
    @_transparent
    public func bind(
        to relays: ReplayRelay<Element?>...
    ) -> Disposable {
        bind(to: relays, site: .here())
    }

    /// `bind` with the site its public form takes from its caller.
    @usableFromInline
    func bind(
        to relays: [ReplayRelay<Element?>],
        site: CallSite
    ) -> Disposable {
        asObservable().map({ $0 as Element? }, site: site)
            .accept(into: relays, verb: .bind, site: site)
    }
}
