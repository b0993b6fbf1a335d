private let retryWhenKind = ResourceKind("RetryWhen", .observable)
private let retryWhenSinkKind = ResourceKind("RetryWhenSink", .sink)
private let retryWhenAttemptKind = ResourceKind("RetryWhenAttempt", .sink)
private let retryTriggerKind = ResourceKind("RetryTriggerSink", .sink)

extension ObservableType {
    /// `retry` with the site its public form takes from its caller.
    @usableFromInline
    func retry<TriggerObservable: ObservableType, Failure: Swift.Error>(
        when notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(notificationHandler, "retry(when:)", site)
        return UnaryProducer(
            RetryWhen(notificationHandler: notificationHandler, site: site), source: asObservable(),
            kind: retryWhenKind, name: "retry(when:)")
    }

    /// `retry` with the site its public form takes from its caller.
    @usableFromInline
    func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(notificationHandler, "retry(when:)", site)
        return UnaryProducer(
            RetryWhen(notificationHandler: notificationHandler, site: site), source: asObservable(),
            kind: retryWhenKind, name: "retry(when:)")
    }
}

struct RetryWhen<Element, Failure: Swift.Error, TriggerObservable: ObservableType>: UnaryOperator {
    let notificationHandler: (Observable<Failure>) -> TriggerObservable
    let site: CallSite

    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = RetryWhenSink<Failure, TriggerObservable, Observer>(
            source: source, notificationHandler: notificationHandler, site: site, observer: observer, cancel: cancel)
        return (sink, sink.run())
    }
}

/// Sends each failure into `errors`, the sequence the user's handler reads,
/// and resubscribes to the source when the handler's sequence, relayed
/// through `triggers`, sends an element.
final class RetryWhenSink<Failure: Swift.Error, TriggerObservable: ObservableType, Observer: ObserverType>: Sink<
    Observer
>
{
    typealias Element = Observer.Element
    typealias NotificationHandler = (Observable<Failure>) -> TriggerObservable

    /// The user's closure, and where it was handed to `retry(when:)`.
    let notificationHandler: NotificationHandler
    let site: CallSite
    private let source: Observable<Element>
    fileprivate let errors = PublishSubject<Failure>()
    fileprivate let triggers = PublishSubject<TriggerObservable.Element>()
    /// Serializes the attempts, as in ``RetrySink``.
    private let gate = TrampolineGate()
    /// The current attempt, with its source and trigger subscriptions.
    private let attempt = SerialDisposable()

    init(
        source: Observable<Element>, notificationHandler: @escaping NotificationHandler, site: CallSite,
        observer: Observer, cancel: Cancelable
    ) {
        self.source = source
        self.notificationHandler = notificationHandler
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: retryWhenSinkKind)
    }

    func run() -> Disposable {
        let triggerSubscription = notificationHandler(errors.asObservable()).subscribe(triggers.asObserver())
        gate.run(subscribeAttempt)
        return Disposables.create(attempt, triggerSubscription)
    }

    fileprivate func retry() {
        gate.run(subscribeAttempt)
    }

    private func subscribeAttempt() {
        if isDisposed { return }
        let next = RetryWhenAttempt(sink: self)
        attempt.disposable = next
        next.sourceSubscription.setDisposable(source.subscribe(next))
    }

    override func dispose() {
        super.dispose()
        attempt.dispose()
        gate.close()
    }
}

/// One subscription to the source for a ``RetryWhenSink``.
final class RetryWhenAttempt<Failure: Swift.Error, TriggerObservable: ObservableType, Observer: ObserverType>:
    ObserverType, Disposable
{
    typealias Element = Observer.Element

    private let token = ResourceToken(retryWhenAttemptKind)
    private let sink: RetryWhenSink<Failure, TriggerObservable, Observer>
    let sourceSubscription = SingleAssignmentDisposable()
    private let triggerSubscription = SingleAssignmentDisposable()

    init(sink: RetryWhenSink<Failure, TriggerObservable, Observer>) {
        self.sink = sink
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            sink.forwardOn(event)
        case .error(let error):
            guard let failure = error as? Failure else {
                sink.forwardOn(event)
                sink.dispose()
                return
            }
            sourceSubscription.dispose()
            triggerSubscription.setDisposable(sink.triggers.subscribe(RetryTriggerSink(sink: sink)))
            sink.errors.on(.next(failure))
        case .completed:
            sink.forwardOn(event)
            sink.dispose()
        }
    }

    func dispose() {
        sourceSubscription.dispose()
        triggerSubscription.dispose()
    }
}

/// Listens to the handler's sequence for the attempt that failed.
final class RetryTriggerSink<Failure: Swift.Error, TriggerObservable: ObservableType, Observer: ObserverType>:
    ObserverType
{
    private let token = ResourceToken(retryTriggerKind)
    private let sink: RetryWhenSink<Failure, TriggerObservable, Observer>

    init(sink: RetryWhenSink<Failure, TriggerObservable, Observer>) {
        self.sink = sink
    }

    func on(_ event: Event<TriggerObservable.Element>) {
        switch event {
        case .next:
            sink.retry()
        case .error(let error):
            sink.forwardError(error)
        case .completed:
            sink.forwardOn(.completed)
            sink.dispose()
        }
    }
}

extension ObservableType {
    /// `retryWhen` with the site its public form takes from its caller.
    @usableFromInline
    func retryWhen<TriggerObservable: ObservableType, Failure: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable,
        site: CallSite
    ) -> Observable<Element> {
        retry(when: notificationHandler, site: site)
    }

    /// `retryWhen` with the site its public form takes from its caller.
    @usableFromInline
    func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable,
        site: CallSite
    ) -> Observable<Element> {
        retry(when: notificationHandler, site: site)
    }
}
