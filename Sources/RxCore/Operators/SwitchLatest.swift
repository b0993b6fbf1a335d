private let switchKind = ResourceKind("Switch", .observable)
private let switchSinkKind = ResourceKind("SwitchSink", .sink)

extension ObservableType where Element: ObservableConvertibleType {
    /// Passes on the elements of the latest inner sequence only: a new inner
    /// sequence disposes the previous one. Completes when the source and the
    /// latest inner sequence have completed.
    public func switchLatest() -> Observable<Element.Element> {
        UnaryProducer(Switch<Element>(), source: asObservable(), kind: switchKind, name: "switchLatest")
    }
}

struct Switch<SourceSequence: ObservableConvertibleType>: UnaryOperator {
    typealias Element = SourceSequence.Element

    func run<Observer: ObserverType>(
        _ source: Observable<SourceSequence>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SwitchSink<SourceSequence, SourceSequence, Observer>(
            selector: { $0 }, site: .unrecorded, observer: observer, cancel: cancel, kind: switchSinkKind)
        return (sink, sink.run(source))
    }
}

/// The sink of `switchLatest` and `flatMapLatest`: each source element is
/// mapped to an inner sequence that replaces the previous one. Inner
/// sequences are numbered so that a late event of a replaced one is ignored.
///
/// The sink keeps the source's and the latest inner sequence's subscriptions
/// itself, under a lock of their own, where RxSwift allocates a
/// single-assignment disposable for each inner sequence and a serial one
/// for all: per element, the inner observer is the one object made. That
/// lock is never held while calling out, so disposal never waits for an
/// event passing under the sink's `lock`, as in RxSwift.
final class SwitchSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>: Sink<
    Observer
>, ObserverType, NamedByResourceKind
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence
    typealias InnerObserver = SwitchSinkIter<SourceElement, SourceSequence, Observer>

    /// The user's closure (`flatMapLatest`) or the identity (`switchLatest()`),
    /// and where it was handed over.
    let selector: Selector
    let site: CallSite
    fileprivate let lock = RecursiveLock()
    /// Looked up once: naming the generic type per inner sequence would look up its metadata each time.
    private let innerObserverType = InnerObserver.self
    // Under `lock`, which makes access exclusive already.
    @exclusivity(unchecked) private var stopped = false
    @exclusivity(unchecked) private var latest = 0
    @exclusivity(unchecked) private var hasLatest = false

    /// Guards the subscriptions below and ``SwitchSinkIter/ended``.
    private let subscriptionsLock = SpinLock()
    @exclusivity(unchecked) private var sourceSubscription: Disposable = NopDisposable.shared
    /// The source completed before its subscription arrived: drop it on arrival.
    @exclusivity(unchecked) private var sourceEnded = false
    /// The latest inner sequence's subscription while it runs, and its number (0: none).
    @exclusivity(unchecked) private var innerSubscription: Disposable = NopDisposable.shared
    @exclusivity(unchecked) private var innerID = 0
    /// The number of the inner sequence subscribed last; one subscribed before
    /// it is disposed as soon as its subscription arrives.
    @exclusivity(unchecked) private var newestInner = 0
    /// Disposed: every subscription arriving now is disposed at once.
    @exclusivity(unchecked) private var closed = false

    init(
        selector: @escaping Selector, site: CallSite, observer: Observer, cancel: Cancelable,
        kind: borrowing ResourceKind
    ) {
        self.selector = selector
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: kind)
    }

    /// Subscribes the source. The sink disposes its subscriptions itself, so
    /// the producer's share is empty.
    func run(_ source: Observable<SourceElement>) -> Disposable {
        let subscription = source.subscribe(self)
        let kept = subscriptionsLock.withLock { () -> Bool in
            guard !closed, !sourceEnded else { return false }
            sourceSubscription = subscription
            return true
        }
        if !kept { subscription.dispose() }
        return Disposables.create()
    }

    override func dispose() {
        super.dispose()
        var source: Disposable = NopDisposable.shared, inner: Disposable = NopDisposable.shared
        subscriptionsLock.withLock {
            guard !closed else { return }
            closed = true
            swap(&source, &sourceSubscription)
            swap(&inner, &innerSubscription)
            innerID = 0
        }
        source.dispose()
        inner.dispose()
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            lock.lock()
            forwardError(error)
            lock.unlock()
        case .completed:
            onCompleted()
        }
    }

    func onNext(_ element: SourceElement) {
        // Locked by hand: a closure returning the inner sequence would return
        // it as an optional of a generic type, whose metadata is looked up
        // for every element.
        lock.lock()
        let inner: Observable<Observer.Element>
        do {
            inner = try selector(element).asObservable()
        } catch {
            forwardError(error)
            return lock.unlock()
        }
        hasLatest = true
        latest &+= 1
        let id = latest
        lock.unlock()
        subscribeInner(inner, id: id)
    }

    func onCompleted() {
        lock.lock()
        stopped = true
        var source: Disposable = NopDisposable.shared
        subscriptionsLock.withLock {
            sourceEnded = true
            swap(&source, &sourceSubscription)
        }
        source.dispose()
        if !hasLatest { forwardCompleted() }
        lock.unlock()
    }

    /// Disposes the previous inner sequence's subscription, then subscribes
    /// `inner` and keeps its subscription while it is the latest and runs.
    /// Through `subscribe(holder:)`: the inner observer drops the subscription
    /// as its sequence ends, so `just` and `map` or `filter` over it run with
    /// no sink of their own.
    private func subscribeInner(_ inner: Observable<Observer.Element>, id: Int) {
        var previous: Disposable = NopDisposable.shared
        subscriptionsLock.withLock {
            newestInner = id
            swap(&previous, &innerSubscription)
            innerID = 0
        }
        previous.dispose()
        let observer = innerObserverType.init(parent: self, id: id)
        let subscription = inner.subscribe(holder: observer)
        let kept = subscriptionsLock.withLock { () -> Bool in
            guard !closed, !observer.ended, newestInner == id else { return false }
            innerSubscription = subscription
            innerID = id
            return true
        }
        if !kept { subscription.dispose() }
    }

    fileprivate func innerNext(_ element: Observer.Element, id: Int) {
        lock.lock()
        if id == latest { forwardNext(element) }
        lock.unlock()
    }

    fileprivate func innerFailed(_ error: Swift.Error, _ inner: InnerObserver) {
        lock.lock()
        end(inner)
        if inner.id == latest { forwardError(error) }
        lock.unlock()
    }

    fileprivate func innerCompleted(_ inner: InnerObserver) {
        lock.lock()
        end(inner)
        if inner.id == latest {
            hasLatest = false
            if stopped { forwardCompleted() }
        }
        lock.unlock()
    }

    /// Marks `inner`'s sequence ended and disposes its subscription if kept.
    private func end(_ inner: InnerObserver) {
        var subscription: Disposable = NopDisposable.shared
        subscriptionsLock.withLock {
            inner.ended = true
            if innerID == inner.id {
                swap(&subscription, &innerSubscription)
                innerID = 0
            }
        }
        subscription.dispose()
    }
}

/// Receives one inner sequence's events for its ``SwitchSink``.
final class SwitchSinkIter<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    ObserverType
where Observer.Element == SourceSequence.Element {
    private let parent: SwitchSink<SourceElement, SourceSequence, Observer>
    fileprivate let id: Int
    /// Set as the sequence ends, under the parent's `subscriptionsLock`.
    @exclusivity(unchecked) fileprivate var ended = false

    required init(parent: SwitchSink<SourceElement, SourceSequence, Observer>, id: Int) {
        self.parent = parent
        self.id = id
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element): parent.innerNext(element, id: id)
        case .error(let error): parent.innerFailed(error, self)
        case .completed: parent.innerCompleted(self)
        }
    }

    func onNext(_ element: Observer.Element) { parent.innerNext(element, id: id) }

    func onCompleted() { parent.innerCompleted(self) }
}
