// Operators every trait has that RxSwift 6 added or renamed: the
// observable operator over the underlying sequence, in the same trait.

extension PrimitiveSequence {
    /// Subscribes to the source `dueTime` after the subscription, on `scheduler`.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<
        Trait, Element
    > {
        PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Resubscribes after an error of type `Failure` each time the sequence
    /// `notificationHandler` makes from those errors sends an element; that
    /// sequence failing or completing ends this one the same way.
    @_transparent
    public func retry<TriggerObservable: ObservableType, Failure: Swift.Error>(
        when notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler, site: .here())
    }

    /// `retry` with the site its public form takes from its caller.
    @usableFromInline
    func retry<TriggerObservable: ObservableType, Failure: Swift.Error>(
        when notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable,
        site: CallSite
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler, site: site))
    }

    /// Resubscribes after an error each time the sequence `notificationHandler`
    /// makes from the errors sends an element; that sequence failing or
    /// completing ends this one the same way.
    @_transparent
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler, site: .here())
    }

    /// `retry` with the site its public form takes from its caller.
    @usableFromInline
    func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable,
        site: CallSite
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler, site: site))
    }

    /// Prints every subscription, outcome and disposal, as
    /// ``ObservableType/debug(_:trimOutput:file:line:function:)`` does.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false,
        file: String = #file, line: UInt = #line, function: String = #function
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// For each subscription, a resource made by `resourceFactory` and the
    /// sequence `primitiveSequenceFactory` makes from it; the resource is
    /// disposed with the subscription.
    @_transparent
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        using(resourceFactory, primitiveSequenceFactory: primitiveSequenceFactory, site: .here())
    }

    /// `using` with the site its public form takes from its caller.
    @usableFromInline
    static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>,
        site: CallSite
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.using(
                resourceFactory, observableFactory: { try primitiveSequenceFactory($0).asObservable() },
                site: site))
    }
}

extension PrimitiveSequenceType where Element: RxAbstractInteger {
    /// Succeeds with 0 after `dueTime`.
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.timer(dueTime, scheduler: scheduler))
    }
}

extension PrimitiveSequence {
    /// RxSwift 5's name for ``observe(on:)``.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        observe(on: scheduler)
    }

    /// RxSwift 5's name for ``subscribe(on:)``.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        subscribe(on: scheduler)
    }

    /// RxSwift 5's name for `catch(_:)`.
    @available(*, deprecated, renamed: "catch(_:)")
    @_transparent
    public func catchError(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        catchError(handler, site: .here())
    }

    /// `catchError` with the site its public form takes from its caller.
    @usableFromInline
    func catchError(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>,
        site: CallSite
    ) -> PrimitiveSequence<Trait, Element> {
        self.catch(handler, site: site)
    }

    /// RxSwift 5's name for `retry(when:)`.
    @available(*, deprecated, renamed: "retry(when:)")
    @_transparent
    public func retryWhen<TriggerObservable: ObservableType, Failure: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        retryWhen(notificationHandler, site: .here())
    }

    /// `retryWhen` with the site its public form takes from its caller.
    @usableFromInline
    func retryWhen<TriggerObservable: ObservableType, Failure: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable,
        site: CallSite
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler, site: site)
    }

    /// RxSwift 5's name for `retry(when:)`.
    @available(*, deprecated, renamed: "retry(when:)")
    @_transparent
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        retryWhen(notificationHandler, site: .here())
    }

    /// `retryWhen` with the site its public form takes from its caller.
    @usableFromInline
    func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable,
        site: CallSite
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler, site: site)
    }
}
