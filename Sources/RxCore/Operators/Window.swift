private let windowKind = ResourceKind("Window", .observable)
private let windowSinkKind = ResourceKind("WindowSink", .sink)

extension ObservableType {
    /// The elements in consecutive windows, each an observable sent when it
    /// opens: a window closes when it has had `count` elements or `timeSpan`
    /// after it opened, whichever comes first, and the next one opens at
    /// once. The first window opens on subscription; the source's end ends
    /// the open window and this sequence. The source stays subscribed while
    /// this sequence or any window is.
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<
        Observable<Element>
    > {
        UnaryProducer(
            Window(timeSpan: timeSpan, count: count, scheduler: scheduler), source: asObservable(), kind: windowKind,
            name: "window")
    }
}

struct Window<SourceElement>: UnaryOperator {
    typealias Element = Observable<SourceElement>

    let timeSpan: RxTimeInterval
    let count: Int
    let scheduler: SchedulerType

    func run<Observer: ObserverType>(
        _ source: Observable<SourceElement>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = WindowSink(
            timeSpan: timeSpan, count: count, scheduler: scheduler, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

final class WindowSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Observable<Element> {
    private let timeSpan: RxTimeInterval
    private let count: Int
    private let scheduler: SchedulerType
    private let lock = RecursiveLock()
    private let timer = SerialDisposable()
    private let subscription = SingleAssignmentDisposable()
    /// Holds the source's subscription and the timer for this sequence and every window subscribed.
    private let references: RefCountDisposable
    // Under `lock`: the open window, how many elements it has had, and which
    // one it is, so that a timer set for a closed window does nothing.
    private var window = PublishSubject<Element>()
    private var elementCount = 0
    private var windowID = 0

    init(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType, observer: Observer, cancel: Cancelable) {
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
        self.references = RefCountDisposable(disposable: Disposables.create(timer, subscription))
        super.init(observer: observer, cancel: cancel, kind: windowSinkKind)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        lock.performLocked {
            forwardNext(Group(subject: window, references: references))
            startTimer()
        }
        subscription.setDisposable(source.subscribe(self))
        return references
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next(let element):
                window.on(.next(element))
                elementCount += 1
                if elementCount == count { openNextWindow() }
            case .error(let error):
                window.on(.error(error))
                forwardError(error)
            case .completed:
                window.on(.completed)
                forwardCompleted()
            }
        }
    }

    /// Completes the open window, sends a new one and starts its timer.
    private func openNextWindow() {
        windowID &+= 1
        elementCount = 0
        window.on(.completed)
        window = PublishSubject()
        forwardNext(Group(subject: window, references: references))
        startTimer()
    }

    private func startTimer() {
        if timer.isDisposed { return }
        let windowID = windowID
        timer.disposable = scheduler.scheduleRelative((), dueTime: timeSpan) { [self] _ in
            lock.performLocked {
                if windowID == self.windowID { openNextWindow() }
            }
            return Disposables.create()
        }
    }
}
