extension ObservableType {
    /// Subscribes a closure that receives every event.
    @_transparent
    public func subscribe(
        _ on: @escaping (Event<Element>) -> Void
    ) -> Disposable {
        subscribe(on, site: .here())
    }

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe(
        _ on: @escaping (Event<Element>) -> Void,
        site: CallSite
    ) -> Disposable {
        ClosureSites.note(on, "subscribe", site)
        return subscribeRegistered(verb: .subscribe, site: site, onDisposed: nil, on)
    }

    /// Subscribes closures for elements, the error, completion and disposal.
    ///
    /// The subscription is recorded in the ``SubscriptionRegistry`` with the call's
    /// site and operator chain until it is disposed or the sequence terminates.
    ///
    /// Inlined into the caller, so the caller names the observer's metadata at its own
    /// element type rather than RxCore looking it up for every subscription.
    @_transparent
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribe(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, site: .here())
    }

    /// `subscribe` with the site its public form takes from its caller.
    @inlinable
    func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        noteSubscribeClosures(
            onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, site: site)
        // `onNext` as it is, nil included: a default such as `{ _ in }` would
        // be a closure capturing this generic context, one allocation per subscription.
        return subscribeRegistered(
            verb: .subscribe, site: site, onDisposed: onDisposed,
            elements: onNext, onError: onError, onCompleted: onCompleted, events: nil)
    }

    /// Subscribes closures that receive `object` along with each event, holding
    /// `object` weakly: once it is gone, events are ignored.
    @_transparent
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            with: object, onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed,
            site: .here())
    }

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        subscribe(
            onNext: weakly(object, onNext), onError: weakly(object, onError),
            onCompleted: weakly(object, onCompleted), onDisposed: weakly(object, onDisposed),
            site: site)
    }

    /// Tells the current ``ResourceScope`` which closures `subscribe(onNext:…)` took.
    @usableFromInline
    func noteSubscribeClosures(
        onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?, onDisposed: (() -> Void)?, site: CallSite
    ) {
        // One check for all four closures: no scope is running in most programs.
        guard ResourceScope.attributable != nil else { return }
        if let onNext { ClosureSites.note(onNext, "subscribe(onNext:)", site) }
        if let onError { ClosureSites.note(onError, "subscribe(onError:)", site) }
        if let onCompleted { ClosureSites.note(onCompleted, "subscribe(onCompleted:)", site) }
        if let onDisposed { ClosureSites.note(onDisposed, "subscribe(onDisposed:)", site) }
    }

    /// Subscribes `handler` and records the subscription; `verb` names the
    /// public call (`subscribe`, `bind`, `drive`, `emit`).
    func subscribeRegistered(
        verb: SubscriptionVerb, site: CallSite, onDisposed: (() -> Void)?,
        _ handler: @escaping (Event<Element>) -> Void
    ) -> Disposable {
        subscribeRegistered(
            verb: verb, site: site, onDisposed: onDisposed,
            elements: nil, onError: nil, onCompleted: nil, events: handler)
    }

    /// Subscribes and records the subscription: events go to `events` when
    /// given, else elements, the error and completion to their own closures.
    /// Inlinable, as the public `subscribe` functions that call it.
    @inlinable
    func subscribeRegistered(
        verb: SubscriptionVerb, site: CallSite, onDisposed: (() -> Void)?,
        elements: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?,
        events: ((Event<Element>) -> Void)?
    ) -> Disposable {
        // One `asObservable()` for the chain and the subscription: each
        // retains a subject through its weak-reference side table, the slow path.
        let observable = asObservable()
        let subscription = SubscriptionHandle(verb: verb, chain: observable.chain, site: site, onDisposed: onDisposed)
        let observer = AnonymousObserver<Element>(
            elements: elements, error: onError, completed: onCompleted, events: events,
            subscription: subscription)
        if !observable.subscribe(entry: observer, into: subscription) {
            subscription.attachSubscribing { observable.subscribe(holder: observer) }
        }
        return subscription
    }
}
