private let switchKind = ResourceKind("Switch", .observable)
private let switchSinkKind = ResourceKind("SwitchSink", .sink)

extension ObservableType where Element: ObservableConvertibleType {
    /// Passes on the elements of the latest inner sequence only: a new inner
    /// sequence disposes the previous one. Completes when the source and the
    /// latest inner sequence have completed.
    public func switchLatest() -> Observable<Element.Element> {
        Switch(source: asObservable())
    }
}

final class Switch<SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    private let source: Observable<SourceSequence>

    init(source: Observable<SourceSequence>) {
        self.source = source
        super.init(kind: switchKind, chain: OperatorChain.applying("switchLatest", to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == SourceSequence.Element {
        let sink = SwitchIdentitySink<SourceSequence, Observer>(observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

/// The sink of `switchLatest()`: each element of the source is itself the inner sequence.
final class SwitchIdentitySink<SourceSequence: ObservableConvertibleType, Observer: ObserverType>: SwitchSink<SourceSequence, SourceSequence, Observer>
where Observer.Element == SourceSequence.Element {
    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: switchSinkKind)
    }

    override func performMap(_ element: SourceSequence) throws -> SourceSequence { element }
}

/// What `switchLatest` and `flatMapLatest` share: each source element is
/// mapped to an inner sequence that replaces the previous one. Inner
/// sequences are numbered so that a late event of a replaced one is ignored.
class SwitchSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == SourceSequence.Element {
    fileprivate let lock = RecursiveLock()
    private let sourceSubscription = SingleAssignmentDisposable()
    private let innerSubscription = SerialDisposable()
    private var stopped = false
    private var latest = 0
    private var hasLatest = false

    /// The inner sequence for `element`; subclasses call the user's selector.
    func performMap(_ element: SourceElement) throws -> SourceSequence {
        fatalError("SwitchSink.performMap must be overridden by \(type(of: self))")
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(self))
        return Disposables.create(sourceSubscription, innerSubscription)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            guard let (id, inner) = nextElementArrived(element) else { return }
            let subscription = SingleAssignmentDisposable()
            innerSubscription.disposable = subscription
            subscription.setDisposable(inner.subscribe(SwitchSinkIter(parent: self, id: id, subscription: subscription)))
        case .error(let error):
            lock.performLocked {
                forwardOn(.error(error))
                dispose()
            }
        case .completed:
            lock.performLocked {
                stopped = true
                sourceSubscription.dispose()
                if !hasLatest {
                    forwardOn(.completed)
                    dispose()
                }
            }
        }
    }

    private func nextElementArrived(_ element: SourceElement) -> (Int, Observable<Observer.Element>)? {
        lock.performLocked {
            do {
                let inner = try performMap(element).asObservable()
                hasLatest = true
                latest &+= 1
                return (latest, inner)
            } catch {
                forwardOn(.error(error))
                dispose()
                return nil
            }
        }
    }

    /// An event of inner sequence number `id`, under the lock.
    fileprivate func innerOn(_ event: Event<Observer.Element>, id: Int, subscription: Disposable) {
        if event.isStopEvent { subscription.dispose() }
        guard id == latest else { return }
        switch event {
        case .next:
            forwardOn(event)
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            hasLatest = false
            if stopped {
                forwardOn(event)
                dispose()
            }
        }
    }
}

/// Receives one inner sequence's events for its ``SwitchSink``.
final class SwitchSinkIter<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>: ObserverType
where Observer.Element == SourceSequence.Element {
    private let parent: SwitchSink<SourceElement, SourceSequence, Observer>
    private let id: Int
    private let subscription: Disposable

    init(parent: SwitchSink<SourceElement, SourceSequence, Observer>, id: Int, subscription: Disposable) {
        self.parent = parent
        self.id = id
        self.subscription = subscription
    }

    func on(_ event: Event<Observer.Element>) {
        parent.lock.performLocked { parent.innerOn(event, id: id, subscription: subscription) }
    }
}
