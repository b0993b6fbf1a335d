private let takeForDurationKind = ResourceKind("TakeForDuration", .observable)
private let takeForDurationSinkKind = ResourceKind("TakeForDurationSink", .sink)

extension ObservableType {
    /// The elements sent within `duration` of subscribing, then completion;
    /// the timer runs on `scheduler`.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        TakeForDuration(source: asObservable(), duration: duration, scheduler: scheduler)
    }

    /// RxSwift 5's name for ``take(for:scheduler:)``.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    public func take(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }
}

final class TakeForDuration<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let duration: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.duration = duration
        self.scheduler = scheduler
        super.init(kind: takeForDurationKind, chain: OperatorChain.applying("take(for:)", to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = TakeForDurationSink(observer: observer, cancel: cancel)
        let timer = scheduler.scheduleRelative((), dueTime: duration, action: sink.timeIsUp)
        return (sink, Disposables.create(timer, source.subscribe(sink)))
    }
}

final class TakeForDurationSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    /// Serializes the source's events with the timer's completion.
    private let lock = RecursiveLock()

    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: takeForDurationSinkKind)
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            forwardEndingOnStop(event)
        }
    }

    func timeIsUp(_: Void) -> Disposable {
        lock.performLocked {
            forwardOn(.completed)
            dispose()
        }
        return Disposables.create()
    }
}
