private let throttleKind = ResourceKind("Throttle", .observable)
private let throttleSinkKind = ResourceKind("ThrottleSink", .sink)

extension ObservableType {
    /// Passes on an element at once when `dueTime` has passed since the last
    /// one passed on, and otherwise drops it or, with `latest`, passes on the
    /// latest such element when `dueTime` is up.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Observable<
        Element
    > {
        UnaryProducer(
            Throttle(dueTime: dueTime, latest: latest, scheduler: scheduler), source: asObservable(),
            kind: throttleKind, name: "throttle")
    }
}

struct Throttle<Element>: UnaryOperator {
    let dueTime: RxTimeInterval
    let latest: Bool
    let scheduler: SchedulerType

    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ThrottleSink(
            dueTime: dueTime, latest: latest, scheduler: scheduler, observer: observer, cancel: cancel)
        return (sink, sink.run(source: source))
    }
}

final class ThrottleSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let dueTime: RxTimeInterval
    private let latest: Bool
    private let scheduler: SchedulerType
    /// Serializes upstream events and timer firings.
    private let lock = RecursiveLock()
    private let timer = SerialDisposable()
    private var lastUnsentElement: Element?
    private var lastSentTime: RxTime?
    /// The source completed while an element waited for its turn.
    private var completed = false

    init(dueTime: RxTimeInterval, latest: Bool, scheduler: SchedulerType, observer: Observer, cancel: Cancelable) {
        self.dueTime = dueTime
        self.latest = latest
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel, kind: throttleSinkKind)
    }

    func run(source: Observable<Element>) -> Disposable {
        Disposables.create(source.subscribe(self), timer)
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next(let element):
                let now = scheduler.now
                let wait =
                    lastSentTime.map { dueTime.reduceWithSpanBetween(earlierDate: $0, laterDate: now) }
                    ?? .nanoseconds(0)
                if wait.isNow {
                    sendNow(element)
                    return
                }
                guard latest else { return }
                let alreadyScheduled = lastUnsentElement != nil
                lastUnsentElement = element
                if alreadyScheduled { return }
                let scheduled = SingleAssignmentDisposable()
                timer.disposable = scheduled
                scheduled.setDisposable(scheduler.scheduleRelative((), dueTime: wait, action: propagate))
            case .error:
                lastUnsentElement = nil
                forwardOn(event)
                dispose()
            case .completed:
                if lastUnsentElement != nil {
                    completed = true
                } else {
                    forwardOn(.completed)
                    dispose()
                }
            }
        }
    }

    private func sendNow(_ element: Element) {
        lastUnsentElement = nil
        forwardOn(.next(element))
        // Measured after delivery, so slow observers still get the full interval.
        lastSentTime = scheduler.now
    }

    private func propagate(_: Void) -> Disposable {
        lock.performLocked {
            if let element = lastUnsentElement { sendNow(element) }
            if completed {
                forwardOn(.completed)
                dispose()
            }
        }
        return Disposables.create()
    }
}
