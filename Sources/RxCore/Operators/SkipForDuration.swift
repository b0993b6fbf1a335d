private let skipForDurationKind = ResourceKind("SkipForDuration", .observable)
private let skipForDurationSinkKind = ResourceKind("SkipForDurationSink", .sink)

extension ObservableType {
    /// Drops the elements sent within `duration` of subscribing and passes on
    /// the rest; the timer runs on `scheduler`.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        SkipForDuration(source: asObservable(), duration: duration, scheduler: scheduler)
    }
}

final class SkipForDuration<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let duration: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.duration = duration
        self.scheduler = scheduler
        super.init(kind: skipForDurationKind, chain: OperatorChain.applying("skip(_:scheduler:)", to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = SkipForDurationSink(observer: observer, cancel: cancel)
        let timer = scheduler.scheduleRelative((), dueTime: duration, action: sink.open)
        return (sink, Disposables.create(timer, source.subscribe(sink)))
    }
}

final class SkipForDurationSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    /// Serializes the source's events with the timer opening the gate.
    private let lock = RecursiveLock()
    private var isOpen = false

    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: skipForDurationSinkKind)
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next:
                if isOpen { forwardOn(event) }
            case .error, .completed:
                forwardOn(event)
                dispose()
            }
        }
    }

    func open(_: Void) -> Disposable {
        lock.performLocked { isOpen = true }
        return Disposables.create()
    }
}
