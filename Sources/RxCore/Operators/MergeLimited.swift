private let mergeLimitedKind = ResourceKind("MergeLimited", .observable)
private let mergeLimitedSinkKind = ResourceKind("MergeLimitedSink", .sink)

extension ObservableType where Element: ObservableConvertibleType {
    /// Like ``merge()``, with at most `maxConcurrent` inner sequences
    /// subscribed at a time; the others wait, in order, until one completes.
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        MergeLimited(source: asObservable(), maxConcurrent: maxConcurrent)
    }
}

final class MergeLimited<SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    private let source: Observable<SourceSequence>
    private let maxConcurrent: Int

    init(source: Observable<SourceSequence>, maxConcurrent: Int) {
        self.source = source
        self.maxConcurrent = maxConcurrent
        super.init(
            kind: mergeLimitedKind,
            chain: OperatorChain.applying("merge(maxConcurrent: \(maxConcurrent))", to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == SourceSequence.Element {
        let sink = MergeLimitedSink<SourceSequence, SourceSequence, Observer>(
            maxConcurrent: maxConcurrent, selector: { $0 }, site: .unrecorded, observer: observer, cancel: cancel,
            kind: mergeLimitedSinkKind)
        return (sink, sink.run(source))
    }
}

/// The sink of `merge(maxConcurrent:)` and `concatMap`: elements are mapped
/// to inner sequences as they arrive, but only `maxConcurrent` of those are
/// subscribed at a time and the rest queue up.
final class MergeLimitedSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    Sink<Observer>, ObserverType, InnerSequenceOwner, NamedByResourceKind
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence

    /// The user's closure (`concatMap`) or the identity (`merge(maxConcurrent:)`),
    /// and where it was handed over.
    let selector: Selector
    let site: CallSite
    private let maxConcurrent: Int
    private let lock = RecursiveLock()
    private let sourceSubscription = SingleAssignmentDisposable()
    private let group = InnerSubscriptions()
    private let innerObserverType = InnerSequenceObserver<MergeLimitedSink>.self
    private var stopped = false
    private var activeCount = 0
    private var waiting = Queue<SourceSequence>()

    init(
        maxConcurrent: Int, selector: @escaping Selector, site: CallSite, observer: Observer, cancel: Cancelable,
        kind: borrowing ResourceKind
    ) {
        self.maxConcurrent = maxConcurrent
        self.selector = selector
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: kind)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribe(self))
        return group
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            lock.performLocked { forwardError(error) }
        case .completed:
            lock.performLocked {
                if activeCount == 0 {
                    forwardOn(.completed)
                    dispose()
                } else {
                    sourceSubscription.dispose()
                }
                stopped = true
            }
        }
    }

    func onNext(_ element: SourceElement) {
        if let inner = nextElementArrived(element) {
            subscribeInner(inner.asObservable(), into: group, observerType: innerObserverType)
        }
    }

    /// The inner sequence to subscribe now, if there is room for it; an
    /// element that finds no room is mapped now and queued.
    private func nextElementArrived(_ element: SourceElement) -> SourceSequence? {
        lock.performLocked {
            let hasRoom = activeCount < maxConcurrent
            if hasRoom { activeCount += 1 }
            do {
                let inner = try selector(element)
                if hasRoom { return inner }
                waiting.enqueue(inner)
            } catch {
                forwardError(error)
            }
            return nil
        }
    }

    func innerNext(_ element: Observer.Element) {
        lock.performLocked { forwardNext(element) }
    }

    func innerError(_ error: Swift.Error) {
        lock.performLocked { forwardError(error) }
    }

    func innerCompleted(_ inner: InnerSubscription) {
        lock.performLocked {
            inner.end(in: group)
            if let next = waiting.dequeue() {
                subscribeInner(next.asObservable(), into: group, observerType: innerObserverType)
            } else {
                activeCount -= 1
                if stopped && activeCount == 0 { forwardCompleted() }
            }
        }
    }
}
