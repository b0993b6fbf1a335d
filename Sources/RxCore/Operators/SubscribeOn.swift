private let subscribeOnKind = ResourceKind("SubscribeOn", .observable)
private let subscribeOnSinkKind = ResourceKind("SubscribeOnSink", .sink)

extension ObservableType {
    /// Subscribes to the source on `scheduler`, and disposes that subscription
    /// there too.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOn(source: self, scheduler: scheduler)
    }
}

/// Keeps the source as it is, not its `asObservable()`: a sequence that is not
/// an `Observable` (RxTest's `TestableObservable`) is then subscribed and
/// disposed directly on the scheduler, with no `create` sink in between that
/// would dispose it at once when it ends, as RxSwift's `SubscribeOn` does.
final class SubscribeOn<Source: ObservableType>: Producer<Source.Element> {
    private let source: Source
    private let scheduler: ImmediateSchedulerType

    init(source: Source, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
        super.init(kind: subscribeOnKind, chain: OperatorChain.applying("subscribe(on:)", to: source.operatorChain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = SubscribeOnSink(observer: observer, cancel: cancel)
        return (sink, sink.run(source: source, scheduler: scheduler))
    }
}

final class SubscribeOnSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: subscribeOnSinkKind)
    }

    func run<Source: ObservableType>(source: Source, scheduler: ImmediateSchedulerType) -> Disposable
    where Source.Element == Element {
        let disposeEverything = SerialDisposable()
        let cancelSchedule = SingleAssignmentDisposable()
        disposeEverything.disposable = cancelSchedule
        cancelSchedule.setDisposable(
            scheduler.schedule(()) { _ in
                let subscription = source.subscribe(self)
                disposeEverything.disposable = ScheduledDisposable(scheduler: scheduler, disposable: subscription)
                return Disposables.create()
            })
        return disposeEverything
    }

    func on(_ event: Event<Element>) {
        forwardEndingOnStop(event)
    }
}

extension ObservableType {
    /// RxSwift 5's name for ``subscribe(on:)``.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}
