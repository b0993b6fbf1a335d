private let skipUntilKind = ResourceKind("SkipUntil", .observable)
private let skipUntilSinkKind = ResourceKind("SkipUntilSink", .sink)
private let skipUntilOtherKind = ResourceKind("SkipUntilSinkOther", .sink)

extension ObservableType {
    /// Drops elements until `other` sends an element, then passes them on; an
    /// error from `other` fails the sequence.
    ///
    /// As in RxSwift, the source completing before `other` has sent an element
    /// ends the subscription without passing the completion on.
    public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
        SkipUntil(source: asObservable(), other: other.asObservable())
    }
}

final class SkipUntil<Element, Other>: Producer<Element> {
    private let source: Observable<Element>
    private let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
        super.init(kind: skipUntilKind, chain: OperatorChain("skip(until:)", source.chain, other.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = SkipUntilSink<Other, Observer>(observer: observer, cancel: cancel)
        return (sink, sink.run(source: source, other: other))
    }
}

final class SkipUntilSink<Other, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    /// Serializes the source's and `other`'s events, and guards `forwardElements`.
    let lock = RecursiveLock()
    var forwardElements = false
    private let sourceSubscription = SingleAssignmentDisposable()

    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: skipUntilSinkKind)
    }

    func run(source: Observable<Element>, other: Observable<Other>) -> Disposable {
        let subscription = source.subscribe(self)
        let otherObserver = SkipUntilSinkOther(sink: self)
        let otherSubscription = other.subscribe(otherObserver)
        sourceSubscription.setDisposable(subscription)
        otherObserver.subscription.setDisposable(otherSubscription)
        return Disposables.create(sourceSubscription, otherObserver.subscription)
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next:
                if forwardElements { forwardOn(event) }
            case .error:
                forwardOn(event)
                dispose()
            case .completed:
                if forwardElements { forwardOn(event) }
                dispose()
            }
        }
    }
}

/// Listens to `other` for a ``SkipUntilSink``.
final class SkipUntilSinkOther<Other, Observer: ObserverType>: ObserverType {
    private let token = ResourceToken(skipUntilOtherKind)
    private let sink: SkipUntilSink<Other, Observer>
    let subscription = SingleAssignmentDisposable()

    init(sink: SkipUntilSink<Other, Observer>) {
        self.sink = sink
    }

    func on(_ event: Event<Other>) {
        sink.lock.performLocked {
            switch event {
            case .next:
                sink.forwardElements = true
                subscription.dispose()
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
    /// RxSwift 5's name for ``skip(until:)``.
    @available(*, deprecated, renamed: "skip(until:)")
    public func skipUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        skip(until: other)
    }
}
