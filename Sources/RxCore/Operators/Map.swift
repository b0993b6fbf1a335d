private let mapKind = ResourceKind("Map", .observable)
private let mapSinkKind = ResourceKind("MapSink", .sink)

extension ObservableType {
    /// `map` with the site its public form takes from its caller.
    @inlinable
    func map<Result>(
        _ transform: @escaping (Element) throws -> Result,
        site: CallSite
    ) -> Observable<Result> {
        Map(
            source: asObservable(), transform: transform, site: site,
            subscribeSink: Map.subscribeSink)
    }
}

@usableFromInline
final class Map<SourceElement, Element>: Producer<Element> {
    @usableFromInline
    typealias Transform = (SourceElement) throws -> Element
    @usableFromInline
    typealias SinkSubscriber = (Map, ErasedSink<Element>.Observer) -> Disposable

    @usableFromInline let source: Observable<SourceElement>
    @usableFromInline let transform: Transform
    @usableFromInline let site: CallSite
    private let subscribeSink: SinkSubscriber

    /// Notes the closure here rather than in `map`, which is inlined into the
    /// caller: `ClosureSites` stays internal.
    // Inlined into the allocating initialiser: one call less per operator built.
    @usableFromInline @inline(__always)
    init(
        source: Observable<SourceElement>, transform: @escaping Transform, site: CallSite,
        subscribeSink: @escaping SinkSubscriber
    ) {
        ClosureSites.note(transform, "map", site)
        let chain = OperatorChain.applying("map", to: source.chain)
        // Moved, not copied: a copy and the argument's release would be two
        // atomic operations each.
        self.source = consume source
        self.transform = consume transform
        self.site = site
        self.subscribeSink = consume subscribeSink
        super.init(kind: mapKind, chain: chain)
    }

    /// Makes the sink for `observer` and subscribes it to the source.
    @inlinable
    static func subscribeSink(_ map: Map, _ observer: ErasedSink<Element>.Observer) -> Disposable {
        let sink = MapSink<SourceElement, Element>(transform: map.transform, site: map.site, observer: observer)
        return sink.attach(map.source.subscribe(holder: sink))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = MapSink(transform: transform, site: site, observer: observer, cancel: cancel)
        return (sink, source.subscribe(holder: sink))
    }

    override func subscribe(holder observer: ErasedSink<Element>.Observer) -> Disposable {
        CurrentThreadScheduler.trampoline { subscribeImmediately(observer) ?? subscribeSink(self, observer) }
    }

    override func forEachImmediate(_ body: (Element) throws -> Void) throws -> Bool {
        try source.forEachImmediate { try body(transform($0)) }
    }
}

@usableFromInline
final class MapSink<SourceElement, Result>: ErasedSink<Result>, ObserverType {
    @usableFromInline
    typealias Transform = (SourceElement) throws -> Result

    /// The user's closure, and where it was handed to `map`.
    let transform: Transform
    let site: CallSite

    init<Downstream: ObserverType>(
        transform: @escaping Transform, site: CallSite, observer: Downstream, cancel: Cancelable
    ) where Downstream.Element == Result {
        self.transform = transform
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: mapSinkKind)
    }

    /// A sink for ``Observable/subscribe(holder:)``, attached to its upstream later.
    @usableFromInline
    init(transform: @escaping Transform, site: CallSite, observer: Observer) {
        self.transform = consume transform
        self.site = site
        super.init(observer: consume observer, kind: mapSinkKind)
    }

    @usableFromInline
    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardCompleted()
        }
    }

    @usableFromInline
    func onCompleted() { forwardCompleted() }

    @usableFromInline
    func onNext(_ element: SourceElement) {
        do {
            forwardNext(try transform(element))
        } catch {
            forwardError(error)
        }
    }
}
