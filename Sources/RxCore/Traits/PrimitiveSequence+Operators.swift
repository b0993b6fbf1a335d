// Operators every trait has, as in RxSwift's PrimitiveSequence: the
// observable operator over the underlying sequence, in the same trait.

extension PrimitiveSequence {
    /// Delivers the outcome on `scheduler`.
    public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.observe(on: scheduler))
    }

    /// Subscribes (and disposes) on `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.subscribe(on: scheduler))
    }

    /// On an error, continues with the sequence `handler` returns for it.
    @_transparent
    public func `catch`(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        `catch`(handler, site: .here())
    }

    /// ``catch`` with the site its public form takes from its caller.
    @usableFromInline
    func `catch`(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>,
        site: CallSite
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.catch({ try handler($0).asObservable() }, site: site))
    }

    /// Resubscribes after an error, up to `maxAttemptCount` subscriptions in all.
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(maxAttemptCount))
    }

    /// Fails with ``RxError/timeout`` when no outcome arrives within `dueTime`.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` when no outcome arrives within `dueTime`.
    public func timeout(
        _ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
    }

    /// Delivers the outcome `dueTime` later (an error at once), on `scheduler`.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Runs side effects around the outcome and the subscription, passing the
    /// outcome through unchanged; an error a closure throws becomes the failure.
    @_transparent
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Single<Element> {
        `do`(
            onSuccess: onSuccess, afterSuccess: afterSuccess, onError: onError, afterError: afterError,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose, site: .here())
    }

    /// ``do`` with the site its public form takes from its caller.
    @usableFromInline
    func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        site: CallSite
    ) -> Single<Element> {
        Single(
            raw: primitiveSequence.source.do(
                onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose,
                site: site))
    }

    /// On an error, succeeds with `element` instead.
    @_transparent
    public func catchAndReturn(_ element: Element) -> Single<Element> {
        catchAndReturn(element, site: .here())
    }

    /// `catchAndReturn` with the site its public form takes from its caller.
    @usableFromInline
    func catchAndReturn(_ element: Element, site: CallSite) -> Single<Element> {
        Single(raw: primitiveSequence.source.catchAndReturn(element, site: site))
    }

    /// RxSwift 5's name for `catchAndReturn(_:)`.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    @_transparent
    public func catchErrorJustReturn(_ element: Element) -> Single<Element> {
        catchErrorJustReturn(element, site: .here())
    }

    /// `catchErrorJustReturn` with the site its public form takes from its caller.
    @usableFromInline
    func catchErrorJustReturn(_ element: Element, site: CallSite) -> Single<Element> {
        catchAndReturn(element, site: site)
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Runs side effects around the outcome and the subscription, passing the
    /// outcome through unchanged; an error a closure throws becomes the failure.
    @_transparent
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Maybe<Element> {
        `do`(
            onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError, onCompleted: onCompleted,
            afterCompleted: afterCompleted, onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose,
            site: .here())
    }

    /// ``do`` with the site its public form takes from its caller.
    @usableFromInline
    func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        site: CallSite
    ) -> Maybe<Element> {
        Maybe(
            raw: primitiveSequence.source.do(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose,
                site: site))
    }

    /// On an error, succeeds with `element` instead.
    @_transparent
    public func catchAndReturn(_ element: Element) -> Maybe<Element> {
        catchAndReturn(element, site: .here())
    }

    /// `catchAndReturn` with the site its public form takes from its caller.
    @usableFromInline
    func catchAndReturn(_ element: Element, site: CallSite) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.catchAndReturn(element, site: site))
    }

    /// RxSwift 5's name for `catchAndReturn(_:)`.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    @_transparent
    public func catchErrorJustReturn(_ element: Element) -> Maybe<Element> {
        catchErrorJustReturn(element, site: .here())
    }

    /// `catchErrorJustReturn` with the site its public form takes from its caller.
    @usableFromInline
    func catchErrorJustReturn(_ element: Element, site: CallSite) -> Maybe<Element> {
        catchAndReturn(element, site: site)
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Runs side effects around the outcome and the subscription, passing the
    /// outcome through unchanged; an error a closure throws becomes the failure.
    @_transparent
    public func `do`(
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Completable {
        `do`(
            onError: onError, afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose, site: .here())
    }

    /// ``do`` with the site its public form takes from its caller.
    @usableFromInline
    func `do`(
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        site: CallSite
    ) -> Completable {
        Completable(
            raw: primitiveSequence.source.do(
                onError: onError, afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose,
                site: site))
    }
}
