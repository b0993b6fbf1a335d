private let retryKind = ResourceKind("Retry", .observable)
private let retrySinkKind = ResourceKind("RetrySink", .sink)

extension ObservableType {
    /// Resubscribes to the source after every error, until it completes.
    public func retry() -> Observable<Element> {
        UnaryProducer(Retry(maxAttemptCount: nil), source: asObservable(), kind: retryKind, name: "retry")
    }

    /// Subscribes to the source up to `maxAttemptCount` times in all, resubscribing
    /// after each error; the last attempt's error is passed on. With 0 the
    /// sequence completes at once without subscribing.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        UnaryProducer(Retry(maxAttemptCount: maxAttemptCount), source: asObservable(), kind: retryKind, name: "retry")
    }
}

struct Retry<Element>: UnaryOperator {
    /// `nil`: unlimited.
    let maxAttemptCount: Int?

    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = RetrySink(source: source, attempts: maxAttemptCount, observer: observer, cancel: cancel)
        return (sink, sink.run())
    }
}

final class RetrySink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let source: Observable<Element>
    /// Serializes the attempts; an attempt that fails while it is being
    /// subscribed has the next one run after it instead of inside it.
    private let gate = TrampolineGate()
    /// Attempts left (`nil`: unlimited); only touched inside the gate.
    private var attemptsLeft: Int?
    /// The current attempt's subscription.
    private let subscription = SerialDisposable()
    /// Written by the failed attempt before it asks for the next one.
    private var lastError: Swift.Error?

    init(source: Observable<Element>, attempts: Int?, observer: Observer, cancel: Cancelable) {
        self.source = source
        self.attemptsLeft = attempts
        super.init(observer: observer, cancel: cancel, kind: retrySinkKind)
    }

    func run() -> Disposable {
        gate.run(attempt)
        return subscription
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .error(let error):
            lastError = error
            gate.run(attempt)
        case .completed:
            forwardOn(event)
            dispose()
        }
    }

    private func attempt() {
        if attemptsLeft == 0 {
            if let lastError { forwardOn(.error(lastError)) } else { forwardOn(.completed) }
            dispose()
            return
        }
        if isDisposed { return }
        attemptsLeft = attemptsLeft.map { $0 - 1 }
        let current = SingleAssignmentDisposable()
        subscription.disposable = current
        current.setDisposable(source.subscribe(self))
    }

    override func dispose() {
        super.dispose()
        subscription.dispose()
        gate.close()
    }
}
