private let filterKind = ResourceKind("Filter", .observable)
private let filterSinkKind = ResourceKind("FilterSink", .sink)

extension ObservableType {
    /// `filter` with the site its public form takes from its caller.
    @inlinable
    func filter(
        _ predicate: @escaping (Element) throws -> Bool,
        site: CallSite
    ) -> Observable<Element> {
        Filter(
            source: asObservable(), predicate: predicate, site: site,
            subscribeSink: Filter.subscribeSink)
    }
}

@usableFromInline
final class Filter<Element>: Producer<Element> {
    @usableFromInline
    typealias Predicate = (Element) throws -> Bool
    @usableFromInline
    typealias SinkSubscriber = (Filter, ErasedSink<Element>.Observer) -> Disposable

    @usableFromInline let source: Observable<Element>
    @usableFromInline let predicate: Predicate
    @usableFromInline let site: CallSite
    private let subscribeSink: SinkSubscriber

    /// Notes the closure here, as `Map` does.
    // Inlined into the allocating initialiser: one call less per operator built.
    @usableFromInline @inline(__always)
    init(
        source: Observable<Element>, predicate: @escaping Predicate, site: CallSite,
        subscribeSink: @escaping SinkSubscriber
    ) {
        ClosureSites.note(predicate, "filter", site)
        let chain = OperatorChain.applying("filter", to: source.chain)
        // Moved, not copied: a copy and the argument's release would be two
        // atomic operations each.
        self.source = consume source
        self.predicate = consume predicate
        self.site = site
        self.subscribeSink = consume subscribeSink
        super.init(kind: filterKind, chain: chain)
    }

    /// Makes the sink for `observer` and subscribes it to the source.
    @inlinable
    static func subscribeSink(_ filter: Filter, _ observer: ErasedSink<Element>.Observer) -> Disposable {
        let sink = FilterSink<Element>(predicate: filter.predicate, site: filter.site, observer: observer)
        return sink.attach(filter.source.subscribe(holder: sink))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = FilterSink(predicate: predicate, site: site, observer: observer, cancel: cancel)
        return (sink, source.subscribe(holder: sink))
    }

    override func subscribe(holder observer: ErasedSink<Element>.Observer) -> Disposable {
        CurrentThreadScheduler.trampoline { subscribeImmediately(observer) ?? subscribeSink(self, observer) }
    }

    override func forEachImmediate(_ body: (Element) throws -> Void) throws -> Bool {
        try source.forEachImmediate { if try predicate($0) { try body($0) } }
    }
}

@usableFromInline
final class FilterSink<Element>: ErasedSink<Element>, ObserverType {
    @usableFromInline
    typealias Predicate = (Element) throws -> Bool

    /// The user's closure, and where it was handed to `filter`.
    let predicate: Predicate
    let site: CallSite

    init<Downstream: ObserverType>(
        predicate: @escaping Predicate, site: CallSite, observer: Downstream, cancel: Cancelable
    ) where Downstream.Element == Element {
        self.predicate = predicate
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: filterSinkKind)
    }

    /// A sink for ``Observable/subscribe(holder:)``, attached to its upstream later.
    @usableFromInline
    init(predicate: @escaping Predicate, site: CallSite, observer: Observer) {
        self.predicate = consume predicate
        self.site = site
        super.init(observer: consume observer, kind: filterSinkKind)
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }

    @usableFromInline
    func onCompleted() { forwardCompleted() }

    @usableFromInline
    func onNext(_ element: Element) {
        do {
            if try predicate(element) { forwardNext(element) }
        } catch {
            forwardError(error)
        }
    }
}
