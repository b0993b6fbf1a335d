private let bufferKind = ResourceKind("Buffer", .observable)
private let bufferSinkKind = ResourceKind("BufferSink", .sink)

extension ObservableType {
    /// The elements in arrays, each sent when it holds `count` elements or
    /// `timeSpan` after the previous array was sent, whichever comes first
    /// (so an array may be empty); on completion the last array, even empty.
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        UnaryProducer(
            Buffer(timeSpan: timeSpan, count: count, scheduler: scheduler), source: asObservable(), kind: bufferKind,
            name: "buffer")
    }
}

struct Buffer<SourceElement>: UnaryOperator {
    typealias Element = [SourceElement]

    let timeSpan: RxTimeInterval
    let count: Int
    let scheduler: SchedulerType

    func run<Observer: ObserverType>(
        _ source: Observable<SourceElement>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = BufferSink(
            timeSpan: timeSpan, count: count, scheduler: scheduler, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

final class BufferSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == [SourceElement] {
    private let timeSpan: RxTimeInterval
    private let count: Int
    private let scheduler: SchedulerType
    private let lock = RecursiveLock()
    private let timer = SerialDisposable()
    // Under `lock`: the array being filled, and which one it is, so that
    // a timer set for an array already sent does nothing.
    private var buffer: [SourceElement] = []
    private var windowID = 0

    init(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType, observer: Observer, cancel: Cancelable) {
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel, kind: bufferSinkKind)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        startTimer()
        return Disposables.create(timer, source.subscribe(self))
    }

    func on(_ event: Event<SourceElement>) {
        lock.performLocked {
            switch event {
            case .next(let element):
                buffer.append(element)
                if buffer.count == count { sendBuffer() }
            case .error(let error):
                buffer = []
                forwardError(error)
            case .completed:
                forwardNext(buffer)
                forwardCompleted()
            }
        }
    }

    /// Sends the array and starts the next one with its own timer.
    private func sendBuffer() {
        windowID &+= 1
        let full = buffer
        buffer = []
        forwardNext(full)
        startTimer()
    }

    private func startTimer() {
        if timer.isDisposed { return }
        let windowID = windowID
        timer.disposable = scheduler.scheduleRelative((), dueTime: timeSpan) { [self] _ in
            lock.performLocked {
                if windowID == self.windowID { sendBuffer() }
            }
            return Disposables.create()
        }
    }
}
