/// A relay as bindings see it: something that accepts elements and never terminates.
protocol AcceptingRelay: AnyObject {
    associatedtype Element
    /// How RxSwift names the relay in its binding error message.
    static var bindingName: String { get }
    func accept(_ event: Element)
}

extension PublishRelay: AcceptingRelay {
    static var bindingName: String { "publish relay" }
}

extension BehaviorRelay: AcceptingRelay {
    static var bindingName: String { "behavior relay" }
}

extension ReplayRelay: AcceptingRelay {
    static var bindingName: String { "replay relay" }
}

extension ObservableType {
    /// Makes each of `relays` accept every element. Completion ends the
    /// binding without reaching the relays, which never terminate; an error
    /// is a programming error (see ``bind(onNext:file:line:function:)``).
    public func bind(
        to relays: PublishRelay<Element>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        accept(into: relays, verb: .bind, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept every element, made optional.
    public func bind(
        to relays: PublishRelay<Element?>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        map({ $0 as Element? }, file: file, line: line)
            .accept(into: relays, verb: .bind, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept every element, as their new value.
    public func bind(
        to relays: BehaviorRelay<Element>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        accept(into: relays, verb: .bind, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept every element, made optional, as their new value.
    public func bind(
        to relays: BehaviorRelay<Element?>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        map({ $0 as Element? }, file: file, line: line)
            .accept(into: relays, verb: .bind, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept and keep every element.
    public func bind(
        to relays: ReplayRelay<Element>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        accept(into: relays, verb: .bind, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept and keep every element, made optional.
    public func bind(
        to relays: ReplayRelay<Element?>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        map({ $0 as Element? }, file: file, line: line)
            .accept(into: relays, verb: .bind, site: CallSite(file: file, line: line, function: function))
    }

    /// Subscribes so that each of `relays` accepts every element, recorded with `verb`.
    func accept<Relay: AcceptingRelay>(into relays: [Relay], verb: SubscriptionVerb, site: CallSite) -> Disposable where Relay.Element == Element {
        bindElements(verb: verb, site: site, errorMessage: "Binding error to \(Relay.bindingName)") { element in
            for relay in relays { relay.accept(element) }
        }
    }
}
