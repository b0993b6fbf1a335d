/// The trait of a sequence that ends with one element, no element, or an error.
public enum MaybeTrait {}

/// A sequence that ends with one element, no element, or an error.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// The outcome of a ``Maybe``.
@frozen public enum MaybeEvent<Element> {
    /// It ended with this element.
    case success(Element)
    /// It failed.
    case error(Swift.Error)
    /// It ended without an element.
    case completed
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// What `create(subscribe:)` hands its closure: call it once with the outcome.
    public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

    /// A maybe whose subscriptions run `subscribe`, which reports the
    /// outcome to the observer it is given and returns what cancels the work.
    @_transparent
    public static func create(
        subscribe: @escaping (@escaping MaybeObserver) -> Disposable
    ) -> Maybe<Element> {
        create(subscribe: subscribe, site: .here())
    }

    /// `create` with the site its public form takes from its caller.
    @usableFromInline
    static func create(
        subscribe: @escaping (@escaping MaybeObserver) -> Disposable,
        site: CallSite
    ) -> Maybe<Element> {
        Maybe.create(subscribe, name: "Maybe.create", site: site) { outcome, observer in
            switch outcome {
            case .success(let element):
                observer.on(.next(element))
                observer.on(.completed)
            case .error(let error):
                observer.on(.error(error))
            case .completed:
                observer.on(.completed)
            }
        }
    }

    /// Subscribes `observer` for the outcome; the subscription is recorded
    /// in the ``SubscriptionRegistry``.
    @_transparent
    public func subscribe(
        _ observer: @escaping (MaybeEvent<Element>) -> Void
    ) -> Disposable {
        subscribe(observer, site: .here())
    }

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe(
        _ observer: @escaping (MaybeEvent<Element>) -> Void,
        site: CallSite
    ) -> Disposable {
        ClosureSites.note(observer, "subscribe", site)
        return subscribeOutcome(site: site, onDisposed: nil) { event in
            switch event {
            case .next(let element): observer(.success(element))
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }
    }

    /// Subscribes closures for the element, the error, completion without an
    /// element, and disposal. Without `onError`, an error goes to
    /// ``Hooks/defaultErrorHandler``.
    @_transparent
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onSuccess: onSuccess, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, site: .here())
    }

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        if let onSuccess { ClosureSites.note(onSuccess, "subscribe(onSuccess:)", site) }
        if let onError { ClosureSites.note(onError, "subscribe(onError:)", site) }
        if let onCompleted { ClosureSites.note(onCompleted, "subscribe(onCompleted:)", site) }
        if let onDisposed { ClosureSites.note(onDisposed, "subscribe(onDisposed:)", site) }
        return subscribeOutcome(site: site, onDisposed: onDisposed) { event in
            switch event {
            case .next(let element): onSuccess?(element)
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
        onSuccess: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            with: object, onSuccess: onSuccess, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed,
            site: .here())
    }

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        subscribe(
            onSuccess: weakly(object, onSuccess), onError: weakly(object, onError),
            onCompleted: weakly(object, onCompleted), onDisposed: weakly(object, onDisposed),
            site: site)
    }

    /// A maybe that succeeds with `element`.
    public static func just(_ element: Element) -> Maybe<Element> {
        Maybe(raw: Observable.just(element))
    }

    /// A maybe that succeeds with `element` on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A maybe that completes without an element.
    public static func empty() -> Maybe<Element> {
        Maybe(raw: Observable.empty())
    }
}
