private let delayKind = ResourceKind("Delay", .observable)
private let delaySinkKind = ResourceKind("DelaySink", .sink)

extension ObservableType {
    /// Passes on each element and the completion `dueTime` after it arrived;
    /// an error is passed on at once.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        UnaryProducer(
            Delay(dueTime: dueTime, scheduler: scheduler), source: asObservable(), kind: delayKind, name: "delay")
    }
}

struct Delay<Element>: UnaryOperator {
    let dueTime: RxTimeInterval
    let scheduler: SchedulerType

    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DelaySink(dueTime: dueTime, scheduler: scheduler, observer: observer, cancel: cancel)
        return (sink, sink.run(source: source))
    }
}

/// Queues events with their arrival times and drains the queue from timers.
/// An error must overtake the queue, from whichever thread it arrives, and the
/// scheduler may be concurrent: hence the flags kept under one lock, as in RxSwift.
final class DelaySink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private struct State {
        /// A drain is scheduled or running.
        var active = false
        /// A drain is forwarding events right now.
        var running = false
        var errorEvent: Event<Element>?
        var queue = Queue<(time: RxTime, event: Event<Element>)>()
    }

    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let state = Locked(State())
    private let sourceSubscription = SingleAssignmentDisposable()
    private let timer = SerialDisposable()

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: Observer, cancel: Cancelable) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel, kind: delaySinkKind)
    }

    func run(source: Observable<Element>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(self))
        return Disposables.create(sourceSubscription, timer)
    }

    func on(_ event: Event<Element>) {
        if event.isStopEvent { sourceSubscription.dispose() }
        switch event {
        case .error:
            let sendNow = state.withLock { state -> Bool in
                state.queue = Queue()
                state.errorEvent = event
                return !state.running
            }
            if sendNow {
                forwardOn(event)
                dispose()
            }
        case .next, .completed:
            let now = scheduler.now
            let startDrain = state.withLock { state -> Bool in
                defer { state.active = true }
                state.queue.enqueue((now, event))
                return !state.active
            }
            if startDrain {
                timer.disposable = scheduler.scheduleRecursive((), dueTime: dueTime, action: drain)
            }
        }
    }

    /// Forwards the oldest event, then schedules the next drain for the
    /// following event's due time, or lets the next upstream event start one.
    private func drain(_: Void, _ recursion: AnyRecursiveScheduler<Void>) {
        let failed = state.withLock { state -> Bool in
            if state.errorEvent == nil { state.running = true }
            return state.errorEvent != nil
        }
        if failed { return }

        var ranAtLeastOnce = false
        while true {
            let (errorEvent, eventNow, nextTime) = state.withLock {
                state -> (Event<Element>?, Event<Element>?, RxTime?) in
                let eventNow = ranAtLeastOnce ? nil : state.queue.dequeue()?.event
                let nextTime = ranAtLeastOnce ? state.queue.first?.time : nil
                if state.errorEvent == nil, eventNow == nil {
                    state.running = false
                    if nextTime == nil { state.active = false }
                }
                return (state.errorEvent, eventNow, nextTime)
            }
            if let errorEvent {
                forwardOn(errorEvent)
                dispose()
                return
            }
            if let eventNow {
                ranAtLeastOnce = true
                forwardOn(eventNow)
                if eventNow.isCompleted {
                    dispose()
                    return
                }
            } else if let nextTime {
                recursion.schedule(
                    (), dueTime: dueTime.reduceWithSpanBetween(earlierDate: nextTime, laterDate: scheduler.now))
                return
            } else {
                return
            }
        }
    }
}
