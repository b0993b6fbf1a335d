private let ambKind = ResourceKind("Amb", .observable)
private let ambSinkKind = ResourceKind("AmbSink", .sink)

extension ObservableType {
    /// The events of whichever of the sources sends first; the others are
    /// disposed then. With no sources, a sequence that never sends.
    public static func amb<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        sequence.reduce(Observable<Element>.never()) { $0.amb($1) }
    }

    /// The events of this sequence or of `right`, whichever sends first;
    /// the other is disposed then.
    public func amb<Right: ObservableType>(_ right: Right) -> Observable<Element> where Right.Element == Element {
        BinaryProducer(Amb<Element>(), asObservable(), right.asObservable(), kind: ambKind, name: "amb")
    }
}

struct Amb<Element>: BinaryOperator {
    func run<Observer: ObserverType>(
        _ left: Observable<Element>, _ right: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = AmbSink(observer: observer, cancel: cancel)
        return (sink, sink.run(left, right))
    }
}

final class AmbSink<Observer: ObserverType>: Sink<Observer> {
    private let lock = RecursiveLock()
    /// One subscription per source, by source index.
    private let subscriptions = [SingleAssignmentDisposable(), SingleAssignmentDisposable()]
    /// The index of the source that sent first; only touched under `lock`.
    private var winner: Int?

    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: ambSinkKind)
    }

    func run(_ left: Observable<Observer.Element>, _ right: Observable<Observer.Element>) -> Disposable {
        subscriptions[0].setDisposable(left.subscribe(AmbObserver(parent: self, index: 0)))
        subscriptions[1].setDisposable(right.subscribe(AmbObserver(parent: self, index: 1)))
        return Disposables.create(subscriptions)
    }

    fileprivate func on(_ event: Event<Observer.Element>, from index: Int) {
        lock.performLocked {
            if winner == nil {
                winner = index
                subscriptions[1 - index].dispose()
            }
            guard winner == index else { return }
            forwardEndingOnStop(event)
        }
    }
}

/// Receives one source's events for an ``AmbSink``.
final class AmbObserver<Observer: ObserverType>: ObserverType {
    private let parent: AmbSink<Observer>
    private let index: Int

    init(parent: AmbSink<Observer>, index: Int) {
        self.parent = parent
        self.index = index
    }

    func on(_ event: Event<Observer.Element>) {
        parent.on(event, from: index)
    }
}
