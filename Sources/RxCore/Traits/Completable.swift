/// The trait of a sequence that ends with completion or an error, and has no elements.
public enum CompletableTrait {}

/// A sequence that ends with completion or an error, and has no elements.
public typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

/// The outcome of a ``Completable``.
@frozen public enum CompletableEvent {
    /// It failed.
    case error(Swift.Error)
    /// It completed.
    case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// What `create(subscribe:)` hands its closure: call it once with the outcome.
    public typealias CompletableObserver = (CompletableEvent) -> Void

    /// A completable whose subscriptions run `subscribe`, which reports the
    /// outcome to the observer it is given and returns what cancels the work.
    @_transparent
    public static func create(
        subscribe: @escaping (@escaping CompletableObserver) -> Disposable
    ) -> Completable {
        create(subscribe: subscribe, site: .here())
    }

    /// `create` with the site its public form takes from its caller.
    @usableFromInline
    static func create(
        subscribe: @escaping (@escaping CompletableObserver) -> Disposable,
        site: CallSite
    ) -> Completable {
        Completable.create(subscribe, name: "Completable.create", site: site) { outcome, observer in
            switch outcome {
            case .error(let error): observer.on(.error(error))
            case .completed: observer.on(.completed)
            }
        }
    }

    /// Subscribes `observer` for the outcome; the subscription is recorded
    /// in the ``SubscriptionRegistry``.
    @_transparent
    public func subscribe(
        _ observer: @escaping (CompletableEvent) -> Void
    ) -> Disposable {
        subscribe(observer, site: .here())
    }

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe(
        _ observer: @escaping (CompletableEvent) -> Void,
        site: CallSite
    ) -> Disposable {
        ClosureSites.note(observer, "subscribe", site)
        return subscribeOutcome(site: site, onDisposed: nil) { event in
            switch event {
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }
    }

    /// Subscribes closures for completion, the error and disposal. Without
    /// `onError`, an error goes to ``Hooks/defaultErrorHandler``.
    @_transparent
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribe(onCompleted: onCompleted, onError: onError, onDisposed: onDisposed, site: .here())
    }

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        if let onCompleted { ClosureSites.note(onCompleted, "subscribe(onCompleted:)", site) }
        if let onError { ClosureSites.note(onError, "subscribe(onError:)", site) }
        if let onDisposed { ClosureSites.note(onDisposed, "subscribe(onDisposed:)", site) }
        return subscribeOutcome(site: site, onDisposed: onDisposed) { event in
            switch event {
            case .error(let error):
                if let onError { onError(error) } else { Hooks.reportUnhandled(error, subscribedAt: site) }
            case .completed: onCompleted?()
            }
        }
    }

    /// Subscribes closures that receive `object` along with the outcome,
    /// holding `object` weakly: once it is gone, the outcome is ignored.
    @_transparent
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(with: object, onCompleted: onCompleted, onError: onError, onDisposed: onDisposed, site: .here())
    }

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        subscribe(
            onCompleted: weakly(object, onCompleted), onError: weakly(object, onError),
            onDisposed: weakly(object, onDisposed),
            site: site)
    }

    /// A completable that completes at once.
    public static func empty() -> Completable {
        Completable(raw: Observable.empty())
    }
}

extension ObservableType where Element == Never {
    /// The sequence as a ``Completable``.
    public func asCompletable() -> Completable {
        Completable(raw: asObservable())
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The outcome without the element.
    public func asCompletable() -> Completable {
        Completable(raw: primitiveSequence.source.ignoreElements())
    }
}
