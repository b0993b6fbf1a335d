
private let observeOnKind = ResourceKind("ObserveOn", .observable)
/// `observe(on:)` onto a serial dispatch queue, counted apart as RxSwift does (its own producer there).
private let observeOnSerialDispatchQueueKind = ResourceKind("ObserveOnSerialDispatchQueue", .observable)
private let observeOnSinkKind = ResourceKind("ObserveOnSink", .sink)

extension ObservableType {
    /// Delivers the events on `scheduler`, in the order they arrived.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        ObserveOn(source: asObservable(), scheduler: scheduler)
    }
}

final class ObserveOn<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let scheduler: ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
        let kind = scheduler is SerialDispatchQueueScheduler ? observeOnSerialDispatchQueueKind : observeOnKind
        super.init(kind: kind, chain: OperatorChain.applying("observe(on:)", to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ObserveOnSink(scheduler: scheduler, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

/// Queues events and drains the queue with recursive scheduling, one event
/// per scheduled run, as RxSwift does; one drain runs at a time.
final class ObserveOnSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private struct State {
        var queue = Queue<Event<Element>>()
        var running = false
    }

    private let scheduler: ImmediateSchedulerType
    private let state = Locked(State())
    private let drainSubscription = SerialDisposable()
    private let stopped = DisposedFlag()

    init(scheduler: ImmediateSchedulerType, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel, kind: observeOnSinkKind)
    }

    func on(_ event: Event<Element>) {
        // Upstream may be a foreign observable: keep the grammar, as RxSwift's ObserverBase does.
        if event.isStopEvent ? !stopped.set() : stopped.isSet { return }
        let start = state.withLock { state -> Bool in
            state.queue.enqueue(event)
            defer { state.running = true }
            return !state.running
        }
        if start {
            drainSubscription.disposable = scheduler.scheduleRecursive((), action: drain)
        }
    }

    private func drain(_: Void, _ recurse: (()) -> Void) {
        let next = state.withLock { state -> Event<Element>? in
            if let event = state.queue.dequeue() { return event }
            state.running = false
            return nil
        }
        guard let next, !isDisposed else { return }
        forwardOn(next)
        if next.isStopEvent {
            dispose()
            return
        }
        let more = state.withLock { state -> Bool in
            if state.queue.isEmpty { state.running = false }
            return !state.queue.isEmpty
        }
        if more { recurse(()) }
    }

    override func dispose() {
        super.dispose()
        drainSubscription.dispose()
    }
}

extension Resources {
    /// The number of live `observe(on:)` observables whose scheduler is a ``SerialDispatchQueueScheduler``
    /// (the main scheduler included), as in RxSwift's `TRACE_RESOURCES` builds.
    public static var numberOfSerialDispatchQueueObservables: Int32 {
        Int32(truncatingIfNeeded: observeOnSerialDispatchQueueKind.liveCount)
    }
}

extension ObservableType {
    /// RxSwift 5's name for ``observe(on:)``.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        observe(on: scheduler)
    }
}
