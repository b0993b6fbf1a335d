/// A sequence with a fixed shape of outcome, as RxSwift's traits:
/// ``Single`` (one element or an error), ``Maybe`` (one element, nothing, or
/// an error) and ``Completable`` (completion or an error).
///
/// It wraps an ``Observable`` whose first event is the outcome: a success is
/// a `next` event followed by completion.
public struct PrimitiveSequence<Trait, Element> {
    /// The underlying sequence. Usable from inlinable code, as ``init(raw:)``:
    /// the transparent operators that record their caller's site build with them.
    @usableFromInline let source: Observable<Element>

    /// Wraps `raw`, whose events must fit the trait.
    @usableFromInline
    init(raw: Observable<Element>) {
        self.source = raw
    }
}

/// A type that is a ``PrimitiveSequence``; trait-specific API is written
/// against it, as in RxSwift.
public protocol PrimitiveSequenceType {
    /// The trait: ``SingleTrait``, ``MaybeTrait`` or ``CompletableTrait``.
    associatedtype Trait
    /// The type of the element.
    associatedtype Element

    /// The sequence as a ``PrimitiveSequence``.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    /// Itself.
    public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

extension PrimitiveSequence: ObservableConvertibleType {
    /// The underlying sequence.
    public func asObservable() -> Observable<Element> { source }
}

extension PrimitiveSequenceType {
    /// Subscribes `observer` for the trait's outcome: what `subscribe(_:)` of
    /// `Single`, `Maybe` and `Completable` does.
    @usableFromInline
    func subscribe<Outcome: PrimitiveOutcome>(outcomes observer: @escaping (Outcome) -> Void, site: CallSite)
        -> Disposable
    where Outcome.Element == Element {
        ClosureSites.note(observer, "subscribe", site)
        return subscribeOutcome(site: site, onDisposed: nil) { event in
            if let outcome = Outcome(event) { observer(outcome) }
        }
    }

    /// Subscribes `onOutcome` for the first event of the underlying sequence,
    /// which is the trait's outcome; what follows a success (its completion)
    /// is not passed on. The subscription is recorded as `subscribe` at `site`.
    func subscribeOutcome(site: CallSite, onDisposed: (() -> Void)?, _ onOutcome: @escaping (Event<Element>) -> Void)
        -> Disposable
    {
        var decided = false
        return primitiveSequence.source.subscribeRegistered(verb: .subscribe, site: site, onDisposed: onDisposed) {
            event in
            guard !decided else { return }
            decided = true
            onOutcome(event)
        }
    }
}

extension PrimitiveSequence {
    /// A sequence whose subscriptions run `subscribe` with an observer of the
    /// trait's outcomes, each sent on as the underlying events: what
    /// `Single.create`, `Maybe.create` and `Completable.create` do.
    @usableFromInline
    static func create<Outcome: PrimitiveOutcome>(
        _ subscribe: @escaping (@escaping (Outcome) -> Void) -> Disposable,
        name: String, site: CallSite
    ) -> PrimitiveSequence<Trait, Element> where Outcome.Element == Element {
        ClosureSites.note(subscribe, name, site)
        return PrimitiveSequence(
            raw: Observable.create(
                { observer in
                    subscribe { outcome in outcome.send(to: observer) }
                }, site: site))
    }

    /// A sequence of this trait that fails with `error`.
    public static func error(_ error: Swift.Error) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.error(error))
    }

    /// A sequence of this trait that never ends.
    public static func never() -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.never())
    }

    /// A sequence whose subscriptions each subscribe to a fresh one from `observableFactory`.
    @_transparent
    public static func deferred(
        _ observableFactory: @escaping () throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        deferred(observableFactory, site: .here())
    }

    /// `deferred` with the site its public form takes from its caller.
    @usableFromInline
    static func deferred(
        _ observableFactory: @escaping () throws -> PrimitiveSequence<Trait, Element>,
        site: CallSite
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.deferred({ try observableFactory().asObservable() }, site: site))
    }
}
