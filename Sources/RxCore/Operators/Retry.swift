import Synchronization

private let retryKind = ResourceKind("Retry", .observable)
private let retrySinkKind = ResourceKind("RetrySink", .sink)

extension ObservableType {
    /// Resubscribes to the source after every error, until it completes.
    public func retry() -> Observable<Element> {
        Retry(source: asObservable(), maxAttemptCount: nil)
    }

    /// Subscribes to the source up to `maxAttemptCount` times in all, resubscribing
    /// after each error; the last attempt's error is passed on. With 0 the
    /// sequence completes at once without subscribing.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        Retry(source: asObservable(), maxAttemptCount: maxAttemptCount)
    }
}

final class Retry<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let maxAttemptCount: Int?

    init(source: Observable<Element>, maxAttemptCount: Int?) {
        self.source = source
        self.maxAttemptCount = maxAttemptCount
        super.init(kind: retryKind, chain: OperatorChain("retry", source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = RetrySink(source: source, attempts: maxAttemptCount, observer: observer, cancel: cancel)
        return (sink, sink.run())
    }
}

final class RetrySink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    /// Attempts left (`nil`: unlimited) and a trampoline: an attempt that
    /// fails while it is being subscribed queues the next one instead of
    /// nesting it, so a source that fails at once does not deepen the stack.
    private struct Gate {
        var attemptsLeft: Int?
        var executing = false
        var pending = 0
        var faulted = false
    }

    private let source: Observable<Element>
    private let gate: Mutex<Gate>
    /// The current attempt's subscription.
    private let subscription = SerialDisposable()
    /// Written by the failed attempt before it asks for the next one.
    private var lastError: Swift.Error?

    init(source: Observable<Element>, attempts: Int?, observer: Observer, cancel: Cancelable) {
        self.source = source
        self.gate = Mutex(Gate(attemptsLeft: attempts))
        super.init(observer: observer, cancel: cancel, kind: retrySinkKind)
    }

    func run() -> Disposable {
        scheduleAttempt()
        return subscription
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .error(let error):
            lastError = error
            scheduleAttempt()
        case .completed:
            forwardOn(event)
            dispose()
        }
    }

    private func scheduleAttempt() {
        let start = gate.withLock { gate -> Bool in
            if gate.faulted { return false }
            if gate.executing {
                gate.pending += 1
                return false
            }
            gate.executing = true
            return true
        }
        guard start else { return }
        repeat {
            attempt()
        } while gate.withLock { gate -> Bool in
            if gate.pending > 0, !gate.faulted {
                gate.pending -= 1
                return true
            }
            gate.executing = false
            return false
        }
    }

    private func attempt() {
        let mayAttempt = gate.withLock { gate -> Bool in
            guard let left = gate.attemptsLeft else { return true }
            if left == 0 { return false }
            gate.attemptsLeft = left - 1
            return true
        }
        guard mayAttempt else {
            if let lastError { forwardOn(.error(lastError)) } else { forwardOn(.completed) }
            dispose()
            return
        }
        if isDisposed { return }
        let current = SingleAssignmentDisposable()
        subscription.disposable = current
        current.setDisposable(source.subscribe(self))
    }

    override func dispose() {
        super.dispose()
        subscription.dispose()
        gate.withLock { $0.faulted = true }
    }
}
