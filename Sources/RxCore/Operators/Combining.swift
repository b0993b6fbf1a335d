/// `combineLatest` and `zip` are one operator with two ways of keeping each
/// source's elements: the latest one, kept until replaced, or a queue, taken
/// from one element at a time. Either way a result is sent when every source
/// has an element. The sequence ends when all sources have completed; and,
/// for `combineLatest` and `zip` of a collection but not `zip` of two to
/// eight sources (RxSwift 6's rules, which its tests pin down), also when the
/// others have completed and the source that just sent can never make a result.
enum CombiningStrategy {
    case combineLatest
    case zip

    var operatorName: String { self == .combineLatest ? "combineLatest" : "zip" }

    /// The producer's and the sink's resource kinds for `arity` sources (`nil`: a collection).
    /// An index into a table, not a name looked up: operators are built and subscribed often.
    func kinds(arity: Int?) -> (producer: RuntimeResourceKind, sink: RuntimeResourceKind) {
        combiningKinds[(self == .combineLatest ? 0 : combiningArities.count) + (arity.map { $0 - 1 } ?? 0)]
    }
}

/// Collection first, then two to eight sources: `kinds(arity:)`'s order.
private let combiningArities = ["Collection", "2", "3", "4", "5", "6", "7", "8"]

private let combiningKinds: [(producer: RuntimeResourceKind, sink: RuntimeResourceKind)] =
    ["CombineLatest", "Zip"].flatMap { base in
        combiningArities.map {
            (RuntimeResourceKind(base + $0, .observable), RuntimeResourceKind(base + $0 + "Sink", .sink))
        }
    }

/// How a combining sink keeps one source's elements until they are combined.
protocol ElementBuffer {
    associatedtype Element

    init()

    /// Whether an element stays once taken, to be combined again.
    static var keepsElements: Bool { get }

    /// Whether there is an element to combine.
    var hasElement: Bool { get }

    mutating func store(_ element: Element)

    /// The element to combine now; whether it stays is the buffer's rule.
    mutating func take() -> Element
}

/// The state every combining sink shares, under one lock for all sources.
///
/// The sink keeps its sources' subscriptions itself, under a lock of their
/// own, where RxSwift allocates a single-assignment disposable per source and
/// a composite one for all. That lock is never held while calling out, so
/// disposal never waits for an event passing under `lock`, as in RxSwift.
class CombiningSink<Observer: ObserverType>: Sink<Observer> {
    fileprivate let lock = RecursiveLock()
    // The state below is only touched under `lock`, which makes access
    // exclusive already: the runtime's exclusivity checks would cost more
    // than the rest of an element's way through the operator.
    private let arity: Int
    /// The sources that have completed (each observer knows whether its own
    /// has): a count, where an array of flags was one allocation more per subscription.
    @exclusivity(unchecked) private var completedSources = 0
    /// Whether a source's element stays once combined (`combineLatest`),
    /// so that once every source has one, every later element makes a result.
    private let keepsElements: Bool
    /// With `keepsElements`, the sources that have sent no element yet: a
    /// count, where asking each source's buffer would be a call through its
    /// generic type per source and element.
    @exclusivity(unchecked) private var sourcesWithoutElement: Int
    /// With `keepsElements`, every source has sent an element: each element
    /// from now on makes a result, with nothing to count.
    @exclusivity(unchecked) final private(set) var combinesEveryElement = false
    /// Whether an element that can never be combined (every other source has
    /// completed) ends the sequence at once, rather than the last completion.
    private let endsWhenUnpairable: Bool

    /// Guards `subscriptions` and `closed`.
    private let subscriptionsLock = SpinLock()
    /// Each source's subscription while it runs.
    @exclusivity(unchecked) private var subscriptions: [SourceSubscription]
    /// Disposed: a subscription arriving now is disposed at once.
    @exclusivity(unchecked) private var closed = false

    init(
        arity: Int, keepsElements: Bool, endsWhenUnpairable: Bool, observer: Observer, cancel: Cancelable,
        kind: borrowing ResourceKind
    ) {
        self.arity = arity
        self.subscriptions = Array(repeating: SourceSubscription(), count: arity)
        self.keepsElements = keepsElements
        self.sourcesWithoutElement = arity
        self.endsWhenUnpairable = endsWhenUnpairable
        super.init(observer: observer, cancel: cancel, kind: kind)
    }

    /// Whether source number `index` has an element to combine.
    func hasElement(_ index: Int) -> Bool {
        fatalError("CombiningSink.hasElement must be overridden by \(type(of: self))")
    }

    /// Takes an element of each source and applies the user's selector.
    func takeResult() throws -> Observer.Element {
        fatalError("CombiningSink.takeResult must be overridden by \(type(of: self))")
    }

    /// Subscribes `source` as source number `index`, keeping its elements with `store`.
    final func subscribe<Element>(_ source: Observable<Element>, index: Int, store: @escaping (Element) -> Void) {
        let subscription = source.subscribe(CombiningObserver(parent: self, index: index, store: store))
        let kept = subscriptionsLock.withLock { () -> Bool in
            guard !closed, !subscriptions[index].ended else { return false }
            subscriptions[index].subscription = subscription
            return true
        }
        if !kept { subscription.dispose() }
    }

    /// The sink's share of its producer's subscription: none, since the sink
    /// disposes its sources' subscriptions itself.
    final var subscriptionsDisposable: Disposable { Disposables.create() }

    override func dispose() {
        super.dispose()
        var taken: [SourceSubscription] = []
        subscriptionsLock.withLock {
            guard !closed else { return }
            closed = true
            swap(&taken, &subscriptions)
        }
        for source in taken { source.subscription.dispose() }
    }

    /// Disposes the subscription of source number `index`, which has ended.
    fileprivate final func end(_ index: Int) {
        var subscription: Disposable = NopDisposable.shared
        subscriptionsLock.withLock {
            guard !closed else { return }
            subscriptions[index].ended = true
            swap(&subscription, &subscriptions[index].subscription)
        }
        subscription.dispose()
    }

    /// A source stored an element, its first when `first`; `completed` when
    /// that source had completed already (a source breaking the grammar).
    fileprivate func next(first: Bool, completed: Bool) {
        let combines: Bool
        if keepsElements {
            if first { sourcesWithoutElement -= 1 }
            combines = sourcesWithoutElement == 0
            combinesEveryElement = combines
        } else {
            combines = (0..<arity).allSatisfy(hasElement)
        }
        if combines {
            combine()
        } else if endsWhenUnpairable, completedSources - (completed ? 1 : 0) == arity - 1 {
            forwardCompleted()
        }
    }

    /// Forwards the result of the elements stored.
    fileprivate final func combine() {
        do {
            forwardNext(try takeResult())
        } catch {
            forwardError(error)
        }
    }

    /// A source completed for the first time.
    fileprivate func done() {
        completedSources += 1
        if completedSources == arity {
            forwardCompleted()
        }
    }
}

/// One source's subscription in a ``CombiningSink``; once `ended`, a
/// subscription arriving is disposed at once.
struct SourceSubscription {
    var subscription: Disposable = NopDisposable.shared
    var ended = false
}

/// Receives one source's events for a ``CombiningSink``, under its lock.
final class CombiningObserver<Element, Observer: ObserverType>: ObserverType {
    private let parent: CombiningSink<Observer>
    private let index: Int
    private let store: (Element) -> Void
    /// Under the parent's lock.
    @exclusivity(unchecked) private var hasSentElement = false
    @exclusivity(unchecked) private var hasCompleted = false

    init(parent: CombiningSink<Observer>, index: Int, store: @escaping (Element) -> Void) {
        self.parent = parent
        self.index = index
        self.store = store
    }

    func onNext(_ element: Element) {
        parent.lock.lock()
        store(element)
        if parent.combinesEveryElement {
            parent.combine()
        } else {
            let first = !hasSentElement
            hasSentElement = true
            parent.next(first: first, completed: hasCompleted)
        }
        parent.lock.unlock()
    }

    func onCompleted() {
        parent.lock.lock()
        parent.end(index)
        if !hasCompleted {
            hasCompleted = true
            parent.done()
        }
        parent.lock.unlock()
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            parent.lock.lock()
            parent.end(index)
            parent.forwardError(error)
            parent.lock.unlock()
        case .completed:
            onCompleted()
        }
    }
}

final class CombiningCollection<SourceElement, Element>: Producer<Element> {
    typealias ResultSelector = ([SourceElement]) throws -> Element

    private let strategy: CombiningStrategy
    private let sources: [Observable<SourceElement>]
    private let resultSelector: ResultSelector
    private let site: CallSite

    init(
        _ strategy: CombiningStrategy, sources: [Observable<SourceElement>], resultSelector: @escaping ResultSelector,
        site: CallSite
    ) {
        self.strategy = strategy
        self.sources = sources
        self.resultSelector = resultSelector
        self.site = site
        super.init(
            kind: strategy.kinds(arity: nil).producer.kind,
            chain: OperatorChain(strategy.operatorName, upstream: sources.map(\.chain)))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sinkKind = strategy.kinds(arity: nil).sink
        switch strategy {
        case .combineLatest:
            let sink = CombiningCollectionSink<LatestElement<SourceElement>, Observer>(
                count: sources.count, endsWhenUnpairable: true, resultSelector: resultSelector, site: site,
                observer: observer, cancel: cancel, kind: sinkKind.kind)
            return (sink, sink.run(sources, emptyResult: true))
        case .zip:
            let sink = CombiningCollectionSink<QueuedElements<SourceElement>, Observer>(
                count: sources.count, endsWhenUnpairable: true, resultSelector: resultSelector, site: site,
                observer: observer, cancel: cancel, kind: sinkKind.kind)
            return (sink, sink.run(sources, emptyResult: false))
        }
    }
}

final class CombiningCollectionSink<Buffer: ElementBuffer, Observer: ObserverType>: CombiningSink<Observer> {
    typealias ResultSelector = ([Buffer.Element]) throws -> Observer.Element

    /// The user's closure (or the built-in array), and where it was handed to the operator.
    let resultSelector: ResultSelector
    let site: CallSite
    @exclusivity(unchecked) private var buffers: [Buffer]

    init(
        count: Int, endsWhenUnpairable: Bool, resultSelector: @escaping ResultSelector, site: CallSite,
        observer: Observer, cancel: Cancelable, kind: borrowing ResourceKind
    ) {
        self.resultSelector = resultSelector
        self.site = site
        self.buffers = Array(repeating: Buffer(), count: count)
        super.init(
            arity: count, keepsElements: Buffer.keepsElements, endsWhenUnpairable: endsWhenUnpairable,
            observer: observer, cancel: cancel, kind: kind)
    }

    /// Subscribes every source; with none, completes at once, after the
    /// result of no elements when `emptyResult` (`combineLatest` sends it, `zip` does not).
    func run(_ sources: [Observable<Buffer.Element>], emptyResult: Bool) -> Disposable {
        for (index, source) in sources.enumerated() {
            subscribe(source, index: index) { self.buffers[index].store($0) }
        }
        if sources.isEmpty {
            do {
                if emptyResult { forwardOn(.next(try resultSelector([]))) }
                forwardOn(.completed)
            } catch {
                forwardOn(.error(error))
            }
            dispose()
        }
        return subscriptionsDisposable
    }

    /// Subscribes sources of different element types, kept as `Any` (the
    /// five- to eight-source forms); the result selector casts them back.
    func run<each SourceElement>(_ sources: repeat Observable<each SourceElement>) -> Disposable
    where Buffer.Element == Any {
        var index = 0
        for source in repeat each sources {
            let sourceIndex = index
            subscribe(source, index: sourceIndex) { self.buffers[sourceIndex].store($0) }
            index += 1
        }
        return subscriptionsDisposable
    }

    override func hasElement(_ index: Int) -> Bool { buffers[index].hasElement }

    override func takeResult() throws -> Observer.Element {
        try resultSelector(buffers.indices.map { buffers[$0].take() })
    }
}
