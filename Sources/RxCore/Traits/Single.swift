/// The trait of a sequence that ends with exactly one element or an error.
public enum SingleTrait {}

/// A sequence that ends with exactly one element or an error.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// The outcome of a ``Single``.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

// The site forms below do the work; their public forms, which hand them
// their caller's site, are generated (Subscribe.generated.swift).

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// What `create(subscribe:)` hands its closure: call it once with the outcome.
    public typealias SingleObserver = (SingleEvent<Element>) -> Void

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        if let onSuccess { ClosureSites.note(onSuccess, "subscribe(onSuccess:)", site) }
        if let onFailure { ClosureSites.note(onFailure, "subscribe(onFailure:)", site) }
        if let onDisposed { ClosureSites.note(onDisposed, "subscribe(onDisposed:)", site) }
        return subscribeOutcome(site: site, onDisposed: onDisposed) { event in
            switch event {
            case .next(let element): onSuccess?(element)
            case .error(let error):
                if let onFailure { onFailure(error) } else { Hooks.reportUnhandled(error, subscribedAt: site) }
            case .completed: break
            }
        }
    }

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: @escaping ((Swift.Error) -> Void),
        onDisposed: (() -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed, site: site)
    }

    /// A single that succeeds with `element`.
    public static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    /// A single that succeeds with `element` on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
        Single(raw: Observable.just(element, scheduler: scheduler))
    }

    /// The same outcome as a ``Maybe``.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source)
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result,
        site: CallSite
    ) -> Single<Result> where Collection.Element == Single<Element> {
        if collection.isEmpty {
            return Single.deferred({ Single.just(try resultSelector([])) }, site: site)
        }
        return Single(
            raw: Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector, site: site))
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        site: CallSite
    ) -> Single<[Element]> where Collection.Element == Single<Element> {
        zip(collection, resultSelector: { $0 }, site: site)
    }
}
