private let skipForDurationSinkKind = ResourceKind("SkipForDurationSink", .sink)
private let takeForDurationSinkKind = ResourceKind("TakeForDurationSink", .sink)

/// `skip(_:scheduler:)` and `take(for:scheduler:)`: a timer on `scheduler`,
/// due `duration` after subscribing, starts passing the source's elements on
/// (`skip`) or completes the sequence (`take`).
struct ForDuration<Element>: UnaryOperator {
    let role: SkipOrTake
    let duration: RxTimeInterval
    let scheduler: SchedulerType

    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ForDurationSink(role, observer: observer, cancel: cancel)
        let timer = scheduler.scheduleRelative((), dueTime: duration, action: sink.timeIsUp)
        return (sink, Disposables.create(timer, source.subscribe(sink)))
    }
}

final class ForDurationSink<Observer: ObserverType>: GateSink<Observer>, ObserverType {
    typealias Element = Observer.Element

    init(_ role: SkipOrTake, observer: Observer, cancel: Cancelable) {
        super.init(
            role, observer: observer, cancel: cancel, skipKind: skipForDurationSinkKind,
            takeKind: takeForDurationSinkKind)
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

    func timeIsUp(_: Void) -> Disposable {
        lock.performLocked { momentHasCome() }
        return Disposables.create()
    }
}
