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
    /// `bind(to:)` of relays, with the site its public form takes from its caller.
    @usableFromInline
    func bind<Relay: AcceptingRelay>(to relays: [Relay], site: CallSite) -> Disposable
    where Relay.Element == Element {
        accept(into: relays, verb: .bind, site: site)
    }

    /// `bind(to:)` of relays of optional elements, with the site its public form
    /// takes from its caller.
    @usableFromInline
    func bind<Relay: AcceptingRelay>(to relays: [Relay], site: CallSite) -> Disposable
    where Relay.Element == Element? {
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
