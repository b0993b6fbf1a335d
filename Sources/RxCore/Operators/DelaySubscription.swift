private let delaySubscriptionKind = ResourceKind("DelaySubscription", .observable)
private let delaySubscriptionSinkKind = ResourceKind("DelaySubscriptionSink", .sink)

extension ObservableType {
    /// Subscribes to the source `dueTime` after subscription, on `scheduler`.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        DelaySubscription(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

final class DelaySubscription<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(kind: delaySubscriptionKind, chain: OperatorChain.applying("delaySubscription", to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = ForwardingSink(observer: observer, cancel: cancel, kind: delaySubscriptionSinkKind)
        let source = source
        return (sink, scheduler.scheduleRelative((), dueTime: dueTime) { source.subscribe(sink) })
    }
}
