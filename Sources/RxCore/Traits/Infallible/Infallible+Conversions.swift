extension ObservableConvertibleType {
    /// The sequence as an ``Infallible`` that sends `element` and completes in
    /// place of an error.
    @_transparent
    public func asInfallible(
        onErrorJustReturn element: Element
    ) -> Infallible<Element> {
        asInfallible(onErrorJustReturn: element, site: .here())
    }

    /// `asInfallible` with the site its public form takes from its caller.
    @usableFromInline
    func asInfallible(
        onErrorJustReturn element: Element,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(asObservable().catchAndReturn(element, site: site))
    }

    /// The sequence as an ``Infallible`` that goes on with `infallible` in
    /// place of an error.
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch({ _ in infallible.asObservable() }))
    }

    /// The sequence as an ``Infallible`` that goes on with what
    /// `onErrorRecover` makes of an error.
    @_transparent
    public func asInfallible(
        onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>
    ) -> Infallible<Element> {
        asInfallible(onErrorRecover: onErrorRecover, site: .here())
    }

    /// `asInfallible` with the site its public form takes from its caller.
    @usableFromInline
    func asInfallible(
        onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(asObservable().catch({ onErrorRecover($0).asObservable() }, site: site))
    }
}

extension InfallibleType {
    /// The sequence as a driver, delivered on the ``SharingScheduler``.
    public func asDriver() -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}

// A relay never sends an error: its subject is wrapped as it is, with no
// `catch` in between whose sink an undisposed binding would keep alive.
extension PublishRelay {
    /// The relay as an ``Infallible``: every element accepted from now on.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension BehaviorRelay {
    /// The relay as an ``Infallible``: its current value, then every new one.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension ReplayRelay {
    /// The relay as an ``Infallible``: the values it replays, then every new one.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension SharedSequence {
    /// The shared sequence as an ``Infallible``.
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }
}

extension ControlEvent {
    /// The events as an ``Infallible``.
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }
}
