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
    public static func create(
        subscribe: @escaping (@escaping CompletableObserver) -> Disposable,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Completable {
        Completable.create(subscribe, name: "Completable.create", file: file, line: line) { outcome, observer in
            switch outcome {
            case .error(let error): observer.on(.error(error))
            case .completed: observer.on(.completed)
            }
        }
    }

    /// Subscribes `observer` for the outcome; the subscription is recorded
    /// in the ``SubscriptionRegistry``.
    public func subscribe(
        _ observer: @escaping (CompletableEvent) -> Void,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        let site = CallSite(file: file, line: line, function: function)
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
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        let site = CallSite(file: file, line: line, function: function)
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
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        subscribe(
            onCompleted: weakly(object, onCompleted), onError: weakly(object, onError),
            onDisposed: weakly(object, onDisposed),
            file: file, line: line, function: function)
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
