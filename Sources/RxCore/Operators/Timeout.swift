private let timeoutKind = ResourceKind("Timeout", .observable)
private let timeoutSinkKind = ResourceKind("TimeoutSink", .sink)

extension ObservableType {
    /// Fails with ``RxError/timeout`` when `dueTime` passes after the
    /// subscription or after an element without the next event arriving.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        UnaryProducer(
            Timeout(dueTime: dueTime, other: nil, scheduler: scheduler), source: asObservable(), kind: timeoutKind,
            name: "timeout")
    }

    /// Switches to `other` when `dueTime` passes after the subscription or
    /// after an element without the next event arriving.
    public func timeout<Source: ObservableConvertibleType>(
        _ dueTime: RxTimeInterval, other: Source, scheduler: SchedulerType
    ) -> Observable<Element> where Element == Source.Element {
        let source = asObservable(), other = other.asObservable()
        return UnaryProducer(
            Timeout(dueTime: dueTime, other: other, scheduler: scheduler), source: source, kind: timeoutKind,
            chain: OperatorChain("timeout", source.chain, other.chain))
    }
}

/// `other` is `nil` for the failing form: the sink then ends with the error
/// itself, in the order RxSwift's subscription to `Observable.error` gives.
struct Timeout<Element>: UnaryOperator {
    let dueTime: RxTimeInterval
    let other: Observable<Element>?
    let scheduler: SchedulerType

    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = TimeoutSink(dueTime: dueTime, other: other, scheduler: scheduler, observer: observer, cancel: cancel)
        return (sink, sink.run(source: source))
    }
}

final class TimeoutSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let dueTime: RxTimeInterval
    private let other: Observable<Element>?
    private let scheduler: SchedulerType
    /// Decides the race between upstream events and the timer.
    private let lock = RecursiveLock()
    private let timer = SerialDisposable()
    /// The source's subscription, then `other`'s once the timer won.
    private let subscription = SerialDisposable()
    /// Which timer is current; each event starts a new one.
    private var id = 0
    private var switched = false

    init(
        dueTime: RxTimeInterval, other: Observable<Element>?, scheduler: SchedulerType, observer: Observer,
        cancel: Cancelable
    ) {
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel, kind: timeoutSinkKind)
    }

    func run(source: Observable<Element>) -> Disposable {
        let original = SingleAssignmentDisposable()
        subscription.disposable = original
        startTimer()
        original.setDisposable(source.subscribe(self))
        return Disposables.create(subscription, timer)
    }

    func on(_ event: Event<Element>) {
        let wins = lock.performLocked { () -> Bool in
            if switched { return false }
            id &+= 1
            return true
        }
        guard wins else { return }
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        } else {
            startTimer()
        }
    }

    private func startTimer() {
        if timer.isDisposed { return }
        let currentID = lock.performLocked { id }
        let next = SingleAssignmentDisposable()
        timer.disposable = next
        next.setDisposable(scheduler.scheduleRelative(currentID, dueTime: dueTime, action: fire))
    }

    private func fire(_ timerID: Int) -> Disposable {
        let wins = lock.performLocked { () -> Bool in
            switched = timerID == id
            return switched
        }
        guard wins else { return Disposables.create() }
        if let other {
            subscription.disposable = other.subscribe(SinkForward(self))
        } else {
            subscription.disposable = Disposables.create()
            forwardOn(.error(RxError.timeout))
            dispose()
        }
        return Disposables.create()
    }
}
