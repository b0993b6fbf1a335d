/// A relay as bindings see it: something that accepts elements and never terminates.
@usableFromInline
protocol AcceptingRelay: AnyObject {
    associatedtype Element
    /// How RxSwift names the relay in its binding error message.
    static var bindingName: String { get }
    func accept(_ event: Element)
}

extension PublishRelay: AcceptingRelay {
    @usableFromInline static var bindingName: String { "publish relay" }
}

extension BehaviorRelay: AcceptingRelay {
    @usableFromInline static var bindingName: String { "behavior relay" }
}

extension ReplayRelay: AcceptingRelay {
    @usableFromInline static var bindingName: String { "replay relay" }
}

extension ObservableType {
    /// Makes each of `relays` accept every element. Completion ends the
    /// binding without reaching the relays, which never terminate; an error
    /// is a programming error (see ``bind(onNext:)``).
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
        accept(into: relays, verb: .bind, site: site)
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
        map({ $0 as Element? }, site: site)
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
        accept(into: relays, verb: .bind, site: site)
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
        map({ $0 as Element? }, site: site)
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
        accept(into: relays, verb: .bind, site: site)
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
        map({ $0 as Element? }, site: site)
            .accept(into: relays, verb: .bind, site: site)
    }

    /// Subscribes so that each of `relays` accepts every element, recorded with `verb`.
    func accept<Relay: AcceptingRelay>(into relays: [Relay], verb: SubscriptionVerb, site: CallSite) -> Disposable
    where Relay.Element == Element {
        bindElements(verb: verb, site: site, errorMessage: "Binding error to \(Relay.bindingName)") { element in
            for relay in relays { relay.accept(element) }
        }
    }
}
