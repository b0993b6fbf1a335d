/// The trait of a sequence that ends with exactly one element or an error.
public enum SingleTrait {}

/// A sequence that ends with exactly one element or an error.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// The outcome of a ``Single``.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// What `create(subscribe:)` hands its closure: call it once with the outcome.
    public typealias SingleObserver = (SingleEvent<Element>) -> Void

    /// A single whose subscriptions run `subscribe`, which reports the
    /// outcome to the observer it is given and returns what cancels the work.
    @_transparent
    public static func create(
        subscribe: @escaping (@escaping SingleObserver) -> Disposable
    ) -> Single<Element> {
        create(subscribe: subscribe, site: .here())
    }

    /// `create` with the site its public form takes from its caller.
    @usableFromInline
    static func create(
        subscribe: @escaping (@escaping SingleObserver) -> Disposable,
        site: CallSite
    ) -> Single<Element> {
        Single.create(subscribe, name: "Single.create", site: site) { outcome, observer in
            switch outcome {
            case .success(let element):
                observer.on(.next(element))
                observer.on(.completed)
            case .failure(let error):
                observer.on(.error(error))
            }
        }
    }

    /// Subscribes `observer` for the outcome; the subscription is recorded
    /// in the ``SubscriptionRegistry``.
    @_transparent
    public func subscribe(
        _ observer: @escaping (SingleEvent<Element>) -> Void
    ) -> Disposable {
        subscribe(observer, site: .here())
    }

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe(
        _ observer: @escaping (SingleEvent<Element>) -> Void,
        site: CallSite
    ) -> Disposable {
        ClosureSites.note(observer, "subscribe", site)
        return subscribeOutcome(site: site, onDisposed: nil) { event in
            switch event {
            case .next(let element): observer(.success(element))
            case .error(let error): observer(.failure(error))
            case .completed: break
            }
        }
    }

    /// Subscribes closures for the element, the error and disposal. Without
    /// `onFailure`, an error goes to ``Hooks/defaultErrorHandler``.
    @_transparent
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribe(onSuccess: onSuccess, onFailure: onFailure, onDisposed: onDisposed, site: .here())
    }

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

    /// RxSwift 5's spelling of ``subscribe(onSuccess:onFailure:onDisposed:)``,
    /// kept (deprecated) as RxSwift 6 keeps it.
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    @_transparent
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: @escaping ((Swift.Error) -> Void),
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribe(onSuccess: onSuccess, onError: onError, onDisposed: onDisposed, site: .here())
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

    /// Subscribes closures that receive `object` along with the outcome,
    /// holding `object` weakly: once it is gone, the outcome is ignored.
    @_transparent
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(with: object, onSuccess: onSuccess, onFailure: onFailure, onDisposed: onDisposed, site: .here())
    }

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        subscribe(
            onSuccess: weakly(object, onSuccess), onFailure: weakly(object, onFailure),
            onDisposed: weakly(object, onDisposed),
            site: site)
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
    /// Succeeds with `resultSelector` of the elements of every single in
    /// `collection` once all have succeeded (of an empty array when there
    /// are none); the first error ends it.
    @_transparent
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result
    ) -> Single<Result> where Collection.Element == Single<Element> {
        zip(collection, resultSelector: resultSelector, site: .here())
    }

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

    /// Succeeds with the elements of every single in `collection` once all
    /// have succeeded (an empty array when there are none); the first error ends it.
    @_transparent
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Single<[Element]> where Collection.Element == Single<Element> {
        zip(collection, site: .here())
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
