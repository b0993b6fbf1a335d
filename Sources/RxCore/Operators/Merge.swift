import Synchronization

private let mergeKind = ResourceKind("Merge", .observable)
private let mergeArrayKind = ResourceKind("MergeArray", .observable)
private let mergeSinkKind = ResourceKind("MergeSink", .sink)

extension ObservableType where Element: ObservableConvertibleType {
    /// Subscribes to every inner sequence as it arrives and passes on the
    /// elements of all of them; completes when the source and every inner
    /// sequence have completed, fails with the first error of any.
    public func merge() -> Observable<Element.Element> {
        UnaryProducer(Merge<Element>(), source: asObservable(), kind: mergeKind, name: "merge")
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

struct Merge<SourceSequence: ObservableConvertibleType>: UnaryOperator {
    typealias SourceElement = SourceSequence
    typealias Element = SourceSequence.Element

    func run<Observer: ObserverType>(
        _ source: Observable<SourceSequence>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == SourceSequence.Element {
        let sink = MergeSink<SourceSequence, SourceSequence, Observer>(
            selector: { $0 }, site: .unrecorded, observer: observer, cancel: cancel, kind: mergeSinkKind)
        return (sink, sink.run(source))
    }
}

final class MergeArray<Element>: Producer<Element> {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
        super.init(kind: mergeArrayKind, chain: OperatorChain("merge", upstream: sources.map(\.chain)))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = MergeSink<Observable<Element>, Observable<Element>, Observer>(
            selector: { $0 }, site: .unrecorded, observer: observer, cancel: cancel, kind: mergeSinkKind)
        return (sink, sink.run(sources))
    }
}

/// The sink of `merge`, `flatMap` and `flatMapFirst`: a source whose elements
/// are mapped to inner sequences that are all subscribed at once, with one
/// lock over the source's and every inner sequence's events.
final class MergeSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>: Sink<
    Observer
>, ObserverType, InnerSequenceOwner, NamedByResourceKind
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence

    /// The user's closure (`flatMap`, `flatMapFirst`) or the identity
    /// (`merge()`), and where it was handed over.
    let selector: Selector
    let site: CallSite
    /// Whether an element arriving while an inner sequence is active is
    /// dropped (`flatMapFirst`) rather than mapped and subscribed.
    private let dropsWhileActive: Bool
    private let lock = RecursiveLock()
    /// Guards `sourceSubscription` and `sourceEnded`; its sections call nothing outside.
    private let sourceLock = SpinLock()
    /// The source's subscription, kept by the sink rather than in `group` or
    /// a single-assignment disposable: no object and no slot for it.
    @exclusivity(unchecked) private var sourceSubscription: Disposable = NopDisposable.shared
    /// The source ended or the sink was disposed: a subscription arriving now is disposed at once.
    @exclusivity(unchecked) private var sourceEnded = false
    private let group = InnerSubscriptions()
    private let innerObserverType = InnerSequenceObserver<MergeSink>.self
    private var activeCount = 0
    private var stopped = false

    init(
        selector: @escaping Selector, site: CallSite, observer: Observer, cancel: Cancelable,
        kind: borrowing ResourceKind, dropsWhileActive: Bool = false
    ) {
        self.selector = selector
        self.site = site
        self.dropsWhileActive = dropsWhileActive
        super.init(observer: observer, cancel: cancel, kind: kind)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        let subscription = source.subscribe(self)
        let kept = sourceLock.withLock { () -> Bool in
            guard !sourceEnded else { return false }
            sourceSubscription = subscription
            return true
        }
        if !kept { subscription.dispose() }
        return group
    }

    /// The source's subscription first, then the inner ones (from `run`'s
    /// group, which the producer disposes), as RxSwift's one group does.
    override func dispose() {
        super.dispose()
        endSource()
    }

    /// Disposes the source's subscription, now or on arrival.
    private func endSource() {
        var subscription: Disposable = NopDisposable.shared
        sourceLock.withLock {
            sourceEnded = true
            swap(&subscription, &sourceSubscription)
        }
        subscription.dispose()
    }

    /// Subscribes every source at once, as the static `merge` does.
    func run(_ sources: [Observable<Observer.Element>]) -> Disposable
    where SourceSequence == Observable<Observer.Element> {
        lock.performLocked { activeCount += sources.count }
        for source in sources { subscribeInner(source, into: group, observerType: innerObserverType) }
        lock.performLocked {
            stopped = true
            checkCompleted()
        }
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
                stopped = true
                endSource()
                checkCompleted()
            }
        }
    }

    func onNext(_ element: SourceElement) {
        // Locked by hand: a closure returning the inner sequence would return
        // it as an optional of a generic type, whose metadata is looked up
        // for every element.
        lock.lock()
        if dropsWhileActive && activeCount > 0 { return lock.unlock() }
        let inner: SourceSequence
        do {
            inner = try selector(element)
        } catch {
            forwardError(error)
            return lock.unlock()
        }
        activeCount += 1
        lock.unlock()
        subscribeInner(inner.asObservable(), into: group, observerType: innerObserverType)
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
            activeCount -= 1
            checkCompleted()
        }
    }

    private func checkCompleted() {
        if stopped && activeCount == 0 { forwardCompleted() }
    }
}

/// A sink that subscribes inner sequences into its ``InnerSubscriptions``
/// and receives their events.
protocol InnerSequenceOwner: AnyObject {
    associatedtype InnerElement

    func innerNext(_ element: InnerElement)
    func innerError(_ error: Swift.Error)
    /// Called once `inner` completed; the owner calls `inner.end(in:)` in turn
    /// with its other bookkeeping.
    func innerCompleted(_ inner: InnerSubscription)
}

extension InnerSequenceOwner {
    /// Subscribes `inner` into `group` unless the group is disposed already.
    /// `observerType` is `InnerSequenceObserver<Self>.self`, which the owner
    /// looks up once: naming the generic type here would look it up for every
    /// inner sequence.
    func subscribeInner(
        _ inner: Observable<InnerElement>, into group: InnerSubscriptions,
        observerType: InnerSequenceObserver<Self>.Type
    ) {
        guard let key = group.reserveKey() else { return }
        let observer = observerType.init(owner: self, key: key)
        observer.keep(observer.subscribe(to: inner), in: group)
    }
}

/// One inner sequence's place in its owner's ``InnerSubscriptions``.
///
/// Its subscription is kept there only once `subscribe` has returned it and
/// only while the sequence has not ended; a sequence that ends while being
/// subscribed (as `just` does) never enters the group.
class InnerSubscription {
    private static let kept = 1, ended = 2

    fileprivate let key: Int
    private let state = Atomic<Int>(0)

    init(key: Int) { self.key = key }

    /// Keeps `subscription` in `group`, or disposes it at once when the
    /// sequence ended already.
    fileprivate final func keep(_ subscription: Disposable, in group: InnerSubscriptions) {
        guard state.compareExchange(expected: 0, desired: Self.kept, ordering: .acquiringAndReleasing).exchanged else {
            return subscription.dispose()
        }
        group.insert(subscription, key: key, unless: { state.load(ordering: .acquiring) & Self.ended != 0 })
    }

    /// Marks the sequence ended and disposes its subscription, if `group` keeps it.
    final func end(in group: InnerSubscriptions) {
        let previous = state.bitwiseOr(Self.ended, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.kept != 0 { group.remove(key) }
    }
}

/// Receives one inner sequence's events for its owning sink.
final class InnerSequenceObserver<Owner: InnerSequenceOwner>: InnerSubscription, ObserverType {
    private let owner: Owner

    required init(owner: Owner, key: Int) {
        self.owner = owner
        super.init(key: key)
    }

    /// Subscribes to `inner`. A method of this class, so the type's metadata
    /// comes from `self` rather than from a lookup.
    fileprivate func subscribe(to inner: Observable<Owner.InnerElement>) -> Disposable {
        inner.subscribe(self)
    }

    func on(_ event: Event<Owner.InnerElement>) {
        switch event {
        case .next(let element): owner.innerNext(element)
        case .error(let error): owner.innerError(error)
        case .completed: owner.innerCompleted(self)
        }
    }

    func onNext(_ element: Owner.InnerElement) { owner.innerNext(element) }

    func onCompleted() { owner.innerCompleted(self) }
}

private let innerSubscriptionsKind = ResourceKind("InnerSubscriptions", .disposable)

/// The subscriptions of a sink's source and of its live inner sequences,
/// disposed together in the order they began.
///
/// Keys are taken before subscribing and the subscription is added once
/// `subscribe` returns it, so an inner sequence that ends while being
/// subscribed costs no lock here.
final class InnerSubscriptions: Cancelable, @unchecked Sendable {
    private let token = ResourceToken(innerSubscriptionsKind)
    private let nextKey = Atomic<Int>(0)
    private let disposed = DisposedFlag()
    /// Guards `slots` and `isClosed`: inline, where a `Locked` value would be
    /// two objects more per sink; its sections call nothing outside.
    private let lock = SpinLock()
    @exclusivity(unchecked) private var slots = KeyedSlots<Disposable>()
    @exclusivity(unchecked) private var isClosed = false

    var isDisposed: Bool { disposed.isSet }

    /// A key for a subscription about to begin; `nil` once disposed.
    func reserveKey() -> Int? {
        if disposed.isSet { return nil }
        return nextKey.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// Adds `subscription` under a key of its own.
    func insert(_ subscription: Disposable) {
        guard let key = reserveKey() else { return subscription.dispose() }
        insert(subscription, key: key, unless: { false })
    }

    /// Adds `subscription` under `key`, which `reserveKey()` gave; disposes
    /// it at once instead when the group is disposed or `ended()` is true
    /// (asked under the lock that `remove` takes).
    func insert(_ subscription: Disposable, key: Int, unless ended: () -> Bool) {
        let added = lock.withLock { () -> Bool in
            guard !isClosed, !ended() else { return false }
            slots.insert(subscription, key: key)
            return true
        }
        if !added { subscription.dispose() }
    }

    /// Removes the subscription under `key` and disposes it.
    func remove(_ key: Int) {
        lock.withLock { slots.remove(key) }?.dispose()
    }

    func dispose() {
        guard disposed.set() else { return }
        let entries = lock.withLock {
            isClosed = true
            return slots.removeAll()
        }
        for entry in entries { entry.value?.dispose() }
    }
}
