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
    public static func create(
        subscribe: @escaping (@escaping SingleObserver) -> Disposable,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Single<Element> {
        Single.create(subscribe, name: "Single.create", file: file, line: line) { outcome, observer in
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
    public func subscribe(
        _ observer: @escaping (SingleEvent<Element>) -> Void,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        let site = CallSite(file: file, line: line, function: function)
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
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        let site = CallSite(file: file, line: line, function: function)
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

    /// RxSwift 5's spelling of ``subscribe(onSuccess:onFailure:onDisposed:file:line:function:)``,
    /// kept (deprecated) as RxSwift 6 keeps it.
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: @escaping ((Swift.Error) -> Void),
        onDisposed: (() -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed, file: file, line: line, function: function)
    }

    /// Subscribes closures that receive `object` along with the outcome,
    /// holding `object` weakly: once it is gone, the outcome is ignored.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        subscribe(
            onSuccess: weakly(object, onSuccess), onFailure: weakly(object, onFailure),
            onDisposed: weakly(object, onDisposed),
            file: file, line: line, function: function)
    }

    /// A single that succeeds with `element`.
    public static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    /// A single that succeeds with `element` on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
        Single(raw: Observable.just(element, scheduler: scheduler))
    }

    /// Transforms the element with `transform`; an error it throws is the
    /// single's failure.
    public func map<Result>(
        _ transform: @escaping (Element) throws -> Result,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Single<Result> {
        Single(raw: primitiveSequence.source.map(transform, file: file, line: line))
    }

    /// The single that `selector` makes from the element.
    public func flatMap<Result>(
        _ selector: @escaping (Element) throws -> Single<Result>,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Single<Result> {
        Single(raw: primitiveSequence.source.flatMap(selector, file: file, line: line))
    }

    /// The maybe that `selector` makes from the element.
    public func flatMapMaybe<Result>(
        _ selector: @escaping (Element) throws -> Maybe<Result>,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.flatMap(selector, file: file, line: line))
    }

    /// The completable that `selector` makes from the element.
    public func flatMapCompletable(
        _ selector: @escaping (Element) throws -> Completable,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Completable {
        Completable(raw: primitiveSequence.source.flatMap(selector, file: file, line: line))
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
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Single<Result> where Collection.Element == Single<Element> {
        if collection.isEmpty {
            return Single.deferred({ Single.just(try resultSelector([])) }, file: file, line: line)
        }
        return Single(raw: Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector, file: file, line: line))
    }

    /// Succeeds with the elements of every single in `collection` once all
    /// have succeeded (an empty array when there are none); the first error ends it.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Single<[Element]> where Collection.Element == Single<Element> {
        zip(collection, resultSelector: { $0 }, file: file, line: line)
    }
}
