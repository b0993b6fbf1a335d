private let delaySubscriptionKind = ResourceKind("DelaySubscription", .observable)
private let delaySubscriptionSinkKind = ResourceKind("DelaySubscriptionSink", .sink)

extension ObservableType {
    /// Subscribes to the source `dueTime` after subscription, on `scheduler`.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        UnaryProducer(
            DelaySubscription(dueTime: dueTime, scheduler: scheduler), source: asObservable(),
            kind: delaySubscriptionKind, name: "delaySubscription")
    }
}

struct DelaySubscription<Element>: UnaryOperator {
    let dueTime: RxTimeInterval
    let scheduler: SchedulerType

    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ForwardingSink(observer: observer, cancel: cancel, kind: delaySubscriptionSinkKind)
        return (sink, scheduler.scheduleRelative((), dueTime: dueTime) { source.subscribe(sink) })
    }
}
