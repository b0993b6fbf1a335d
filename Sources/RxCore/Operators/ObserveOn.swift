private let observeOnKind = ResourceKind("ObserveOn", .observable)
/// `observe(on:)` onto a serial dispatch queue, counted apart as RxSwift does (its own producer there).
private let observeOnSerialDispatchQueueKind = ResourceKind("ObserveOnSerialDispatchQueue", .observable)
private let observeOnSinkKind = ResourceKind("ObserveOnSink", .sink)

extension ObservableType {
    /// Delivers the events on `scheduler`, in the order they arrived.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let observeOn = ObserveOn<Element>(scheduler: scheduler)
        if observeOn.serialScheduler != nil {
            return UnaryProducer(
                observeOn, source: asObservable(), kind: observeOnSerialDispatchQueueKind, name: "observe(on:)")
        }
        return UnaryProducer(observeOn, source: asObservable(), kind: observeOnKind, name: "observe(on:)")
    }
}

struct ObserveOn<Element>: SinkOperator {
    typealias SourceElement = Element

    let scheduler: ImmediateSchedulerType
    /// The scheduler when it runs work on a serial dispatch queue, which keeps
    /// events in order by itself.
    let serialScheduler: SerialDispatchQueueScheduler?

    init(scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
        serialScheduler = scheduler as? SerialDispatchQueueScheduler
    }

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<Element> where Observer.Element == Element {
        if let serialScheduler {
            return ObserveOnSerialDispatchQueueSink<Element, Observer>(
                scheduler: serialScheduler, observer: observer, cancel: cancel)
        }
        return ObserveOnSink(scheduler: scheduler, observer: observer, cancel: cancel)
    }
}

/// `observe(on:)` onto a serial dispatch queue (the main scheduler included):
/// every event is scheduled on its own, as RxSwift does there. The queue runs
/// them in order, so the sink keeps no queue and no drain of its own, and a
/// delivery costs one scheduled item rather than a recursive drain's several.
///
/// `Element` is a parameter of its own, not `Observer.Element`: reading the
/// element type through the conformance would be a runtime lookup per element.
final class ObserveOnSerialDispatchQueueSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Element {
    private let scheduler: SerialDispatchQueueScheduler
    /// Asked once: a dispatch queue's scheduler then costs no inline attempt per element.
    private let mayRunInline: Bool
    private let stopped = DisposedFlag()

    init(scheduler: SerialDispatchQueueScheduler, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        mayRunInline = scheduler.mayRunInline
        super.init(observer: observer, cancel: cancel, kind: observeOnSinkKind)
    }

    func on(_ event: Event<Element>) {
        if case .next(let element) = event { return onNext(element) }
        guard stopped.admits(event) else { return }
        // Not kept: disposal stops deliveries through `isDisposed`, as in RxSwift,
        // and items already queued run (and count as pending work) until then.
        _ = scheduler.schedule { [self] in
            forwardEndingOnStop(event)
            return Disposables.create()
        }
    }

    /// An element without an `Event` around it, to the observer's `onNext`:
    /// in this generic class each `Event` built or inspected is a runtime
    /// lookup of its type, and an element sent as an event would take three.
    func onNext(_ element: Element) {
        guard !stopped.isSet else { return }
        // Inline first: an element the main scheduler delivers at once needs
        // no escaping closure, one allocation less per element.
        if mayRunInline, scheduler.runInline({ forwardNext(element) }) { return }
        _ = scheduler.schedule { [self] in
            forwardNext(element)
            return Disposables.create()
        }
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
        guard stopped.admits(event) else { return }
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

extension DisposedFlag {
    /// Whether `event` keeps the grammar (nothing after a stop event, which sets
    /// the flag): upstream may be a foreign observable, so the sinks check, as
    /// RxSwift's ObserverBase does.
    fileprivate func admits<Element>(_ event: Event<Element>) -> Bool {
        event.isStopEvent ? set() : !isSet
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
