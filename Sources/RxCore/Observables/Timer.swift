private let timerKind = ResourceKind("Timer", .observable)
private let timerSinkKind = ResourceKind("TimerSink", .sink)
private let timerOneOffSinkKind = ResourceKind("TimerOneOffSink", .sink)

extension ObservableType where Element: FixedWidthInteger {
    /// After `dueTime`, sends 0 and completes; with a `period`, sends 0, 1, 2, …
    /// every `period` after that and never ends.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType)
        -> Observable<Element>
    {
        Timer(name: "timer", dueTime: dueTime, period: period, scheduler: scheduler)
    }
}

final class Timer<Element: FixedWidthInteger>: Producer<Element> {
    private let scheduler: SchedulerType
    private let dueTime: RxTimeInterval
    private let period: RxTimeInterval?

    init(name: String, dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: SchedulerType) {
        self.scheduler = scheduler
        self.dueTime = dueTime
        self.period = period
        super.init(kind: timerKind, chain: OperatorChain.source(name, element: Element.self))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        if let period {
            let sink = TimerSink(observer: observer, cancel: cancel)
            return (sink, sink.run(scheduler: scheduler, dueTime: dueTime, period: period))
        }
        let sink = TimerOneOffSink(observer: observer, cancel: cancel)
        return (sink, sink.run(scheduler: scheduler, dueTime: dueTime))
    }
}

final class TimerSink<Observer: ObserverType>: Sink<Observer> where Observer.Element: FixedWidthInteger {
    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: timerSinkKind)
    }

    /// Schedulers never run one periodic timer's ticks at the same time, so
    /// the ticks need no lock of their own.
    func run(scheduler: SchedulerType, dueTime: RxTimeInterval, period: RxTimeInterval) -> Disposable {
        scheduler.schedulePeriodic(0 as Observer.Element, startAfter: dueTime, period: period) { count in
            self.forwardOn(.next(count))
            return count &+ 1
        }
    }
}

final class TimerOneOffSink<Observer: ObserverType>: Sink<Observer> where Observer.Element: FixedWidthInteger {
    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: timerOneOffSinkKind)
    }

    func run(scheduler: SchedulerType, dueTime: RxTimeInterval) -> Disposable {
        scheduler.scheduleRelative(self, dueTime: dueTime) { sink in
            sink.forwardOn(.next(0))
            sink.forwardOn(.completed)
            sink.dispose()
            return Disposables.create()
        }
    }
}
