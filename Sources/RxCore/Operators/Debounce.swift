private let debounceKind = ResourceKind("Debounce", .observable)
private let debounceSinkKind = ResourceKind("DebounceSink", .sink)

extension ObservableType {
    /// Passes on an element only once `dueTime` has passed without another
    /// one; completion passes on the pending element first, an error drops it.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        UnaryProducer(
            Debounce(dueTime: dueTime, scheduler: scheduler), source: asObservable(), kind: debounceKind,
            name: "debounce")
    }
}

struct Debounce<Element>: UnaryOperator {
    let dueTime: RxTimeInterval
    let scheduler: SchedulerType

    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DebounceSink(dueTime: dueTime, scheduler: scheduler, observer: observer, cancel: cancel)
        return (sink, sink.run(source: source))
    }
}

final class DebounceSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    /// Serializes upstream events and timer firings.
    private let lock = RecursiveLock()
    private let timer = SerialDisposable()
    /// Which element the pending timer is for; a newer element supersedes it.
    private var id: UInt64 = 0
    private var pending: Element?

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: Observer, cancel: Cancelable) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel, kind: debounceSinkKind)
    }

    func run(source: Observable<Element>) -> Disposable {
        Disposables.create(source.subscribe(self), timer)
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next(let element):
                id &+= 1
                pending = element
                let scheduled = SingleAssignmentDisposable()
                timer.disposable = scheduled
                scheduled.setDisposable(scheduler.scheduleRelative(id, dueTime: dueTime, action: propagate))
            case .error:
                pending = nil
                forwardOn(event)
                dispose()
            case .completed:
                if let element = pending {
                    pending = nil
                    forwardOn(.next(element))
                }
                forwardOn(.completed)
                dispose()
            }
        }
    }

    private func propagate(_ timerID: UInt64) -> Disposable {
        lock.performLocked {
            if let element = pending, id == timerID {
                pending = nil
                forwardOn(.next(element))
            }
        }
        return Disposables.create()
    }
}
