private let takeUntilKind = ResourceKind("TakeUntil", .observable)
private let takeUntilSinkKind = ResourceKind("TakeUntilSink", .sink)
private let takeUntilOtherKind = ResourceKind("TakeUntilSinkOther", .sink)

extension ObservableType {
    /// The elements until `other` sends an element, which completes the
    /// sequence, or an error, which it passes on; `other` completing changes
    /// nothing. `other` is subscribed first.
    public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
        TakeUntil(source: asObservable(), other: other.asObservable())
    }
}

final class TakeUntil<Element, Other>: Producer<Element> {
    private let source: Observable<Element>
    private let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
        super.init(kind: takeUntilKind, chain: OperatorChain("take(until:)", source.chain, other.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = TakeUntilSink<Other, Observer>(observer: observer, cancel: cancel)
        return (sink, sink.run(source: source, other: other))
    }
}

final class TakeUntilSink<Other, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    /// Serializes the source's and `other`'s events.
    let lock = RecursiveLock()

    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: takeUntilSinkKind)
    }

    func run(source: Observable<Element>, other: Observable<Other>) -> Disposable {
        let otherObserver = TakeUntilSinkOther(sink: self)
        otherObserver.subscription.setDisposable(other.subscribe(otherObserver))
        let sourceSubscription = source.subscribe(self)
        return Disposables.create(sourceSubscription, otherObserver.subscription)
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            forwardEndingOnStop(event)
        }
    }
}

/// Listens to `other` for a ``TakeUntilSink``.
final class TakeUntilSinkOther<Other, Observer: ObserverType>: ObserverType {
    private let token = ResourceToken(takeUntilOtherKind)
    private let sink: TakeUntilSink<Other, Observer>
    let subscription = SingleAssignmentDisposable()

    init(sink: TakeUntilSink<Other, Observer>) {
        self.sink = sink
    }

    func on(_ event: Event<Other>) {
        sink.lock.performLocked {
            switch event {
            case .next:
                sink.forwardOn(.completed)
                sink.dispose()
            case .error(let error):
                sink.forwardOn(.error(error))
                sink.dispose()
            case .completed:
                subscription.dispose()
            }
        }
    }
}

extension ObservableType {
    /// RxSwift 5's name for ``take(until:)``.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        take(until: other)
    }

    /// RxSwift 5's name for ``take(until:behavior:)``.
    @available(*, deprecated, renamed: "take(until:behavior:)")
    @_transparent
    public func takeUntil(
        _ behavior: TakeBehavior,
        predicate: @escaping (Element) throws -> Bool
    ) -> Observable<Element> {
        takeUntil(behavior, predicate: predicate, site: .here())
    }

    /// `takeUntil` with the site its public form takes from its caller.
    @usableFromInline
    func takeUntil(
        _ behavior: TakeBehavior,
        predicate: @escaping (Element) throws -> Bool,
        site: CallSite
    ) -> Observable<Element> {
        take(until: predicate, behavior: behavior, site: site)
    }
}
