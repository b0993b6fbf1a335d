private let mergeKind = ResourceKind("Merge", .observable)
private let mergeArrayKind = ResourceKind("MergeArray", .observable)
private let mergeSinkKind = ResourceKind("MergeSink", .sink)

extension ObservableType where Element: ObservableConvertibleType {
    /// Subscribes to every inner sequence as it arrives and passes on the
    /// elements of all of them; completes when the source and every inner
    /// sequence have completed, fails with the first error of any.
    public func merge() -> Observable<Element.Element> {
        Merge(source: asObservable())
    }
}

extension ObservableType {
    /// Passes on the elements of all `sources`, subscribed at once; completes
    /// when all have completed, fails with the first error of any.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        MergeArray(sources: Array(sources))
    }

    /// Passes on the elements of all `sources`, subscribed at once; completes
    /// when all have completed, fails with the first error of any.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        MergeArray(sources: sources)
    }

    /// Passes on the elements of all `sources`, subscribed at once; completes
    /// when all have completed, fails with the first error of any.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        MergeArray(sources: sources)
    }
}

final class Merge<SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    private let source: Observable<SourceSequence>

    init(source: Observable<SourceSequence>) {
        self.source = source
        super.init(kind: mergeKind, chain: OperatorChain.applying("merge", to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == SourceSequence.Element {
        let sink = MergeBasicSink<SourceSequence, Observer>(observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

final class MergeArray<Element>: Producer<Element> {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
        super.init(kind: mergeArrayKind, chain: OperatorChain("merge", upstream: sources.map(\.chain)))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = MergeBasicSink<Observable<Element>, Observer>(observer: observer, cancel: cancel)
        return (sink, sink.run(sources))
    }
}

/// The sink of `merge()`: each element of the source is itself the inner sequence.
final class MergeBasicSink<SourceSequence: ObservableConvertibleType, Observer: ObserverType>: MergeSink<SourceSequence, SourceSequence, Observer>
where Observer.Element == SourceSequence.Element {
    init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel, kind: mergeSinkKind)
    }

    override func performMap(_ element: SourceSequence) throws -> SourceSequence { element }
}

/// What `merge`, `flatMap` and `flatMapFirst` share: a source whose elements
/// are mapped to inner sequences that are all subscribed at once, with one
/// lock over the source's and every inner sequence's events.
class MergeSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>: Sink<Observer>, ObserverType, InnerSequenceOwner
where Observer.Element == SourceSequence.Element {
    /// Whether an element arriving while an inner sequence is active is
    /// dropped (`flatMapFirst`) rather than mapped and subscribed.
    private let dropsWhileActive: Bool
    private let lock = RecursiveLock()
    private let sourceSubscription = SingleAssignmentDisposable()
    private let group = CompositeDisposable()
    private var activeCount = 0
    private var stopped = false

    init(observer: Observer, cancel: Cancelable, kind: ResourceKind, dropsWhileActive: Bool = false) {
        self.dropsWhileActive = dropsWhileActive
        super.init(observer: observer, cancel: cancel, kind: kind)
    }

    /// The inner sequence for `element`; subclasses call the user's selector.
    func performMap(_ element: SourceElement) throws -> SourceSequence {
        fatalError("MergeSink.performMap must be overridden by \(type(of: self))")
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribe(self))
        return group
    }

    /// Subscribes every source at once, as the static `merge` does.
    func run(_ sources: [Observable<Observer.Element>]) -> Disposable where SourceSequence == Observable<Observer.Element> {
        lock.performLocked { activeCount += sources.count }
        for source in sources { subscribeInner(source, into: group) }
        lock.performLocked {
            stopped = true
            checkCompleted()
        }
        return group
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            if let inner = nextElementArrived(element) { subscribeInner(inner.asObservable(), into: group) }
        case .error(let error):
            lock.performLocked {
                forwardOn(.error(error))
                dispose()
            }
        case .completed:
            lock.performLocked {
                stopped = true
                sourceSubscription.dispose()
                checkCompleted()
            }
        }
    }

    private func nextElementArrived(_ element: SourceElement) -> SourceSequence? {
        lock.performLocked {
            if dropsWhileActive && activeCount > 0 { return nil }
            do {
                let inner = try performMap(element)
                activeCount += 1
                return inner
            } catch {
                forwardOn(.error(error))
                dispose()
                return nil
            }
        }
    }

    func innerOn(_ event: Event<Observer.Element>, disposeKey: CompositeDisposable.DisposeKey) {
        lock.performLocked {
            switch event {
            case .next:
                forwardOn(event)
            case .error:
                forwardOn(event)
                dispose()
            case .completed:
                group.remove(for: disposeKey)
                activeCount -= 1
                checkCompleted()
            }
        }
    }

    private func checkCompleted() {
        if stopped && activeCount == 0 {
            forwardOn(.completed)
            dispose()
        }
    }
}

/// A sink that subscribes inner sequences into a group of its
/// subscriptions and receives their events tagged with their group key.
protocol InnerSequenceOwner: AnyObject {
    associatedtype InnerElement

    func innerOn(_ event: Event<InnerElement>, disposeKey: CompositeDisposable.DisposeKey)
}

extension InnerSequenceOwner {
    /// Subscribes `inner` into `group` unless the group is disposed already.
    func subscribeInner(_ inner: Observable<InnerElement>, into group: CompositeDisposable) {
        let innerSubscription = SingleAssignmentDisposable()
        guard let key = group.insert(innerSubscription) else { return }
        innerSubscription.setDisposable(inner.subscribe(InnerSequenceObserver(owner: self, disposeKey: key)))
    }
}

/// Receives one inner sequence's events for its owning sink.
final class InnerSequenceObserver<Owner: InnerSequenceOwner>: ObserverType {
    private let owner: Owner
    private let disposeKey: CompositeDisposable.DisposeKey

    init(owner: Owner, disposeKey: CompositeDisposable.DisposeKey) {
        self.owner = owner
        self.disposeKey = disposeKey
    }

    func on(_ event: Event<Owner.InnerElement>) {
        owner.innerOn(event, disposeKey: disposeKey)
    }
}
