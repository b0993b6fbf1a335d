private let mapKind = ResourceKind("Map", .observable)
private let mapSinkKind = ResourceKind("MapSink", .sink)

extension ObservableType {
    /// `map` with the site its public form takes from its caller.
    @inlinable
    func map<Result>(
        _ transform: @escaping (Element) throws -> Result,
        site: CallSite
    ) -> Observable<Result> {
        Map(source: asObservable(), transform: transform, site: site) { map, observer in
            MapSink(transform: unsafeDowncast(map, to: Map.self).transform, site: map.site, observer: observer)
        }
    }
}

@usableFromInline
final class Map<SourceElement, Element>: ClosureProducer<SourceElement, Element> {
    @usableFromInline let transform: (SourceElement) throws -> Element

    /// Notes the closure here rather than in `map`, which is inlined into the
    /// caller: `ClosureSites` stays internal.
    // Inlined into the allocating initialiser: one call less per operator built.
    @usableFromInline @inline(__always)
    init(
        source: Observable<SourceElement>, transform: @escaping (SourceElement) throws -> Element, site: CallSite,
        makeSink: @escaping SinkMaker
    ) {
        ClosureSites.note(transform, "map", site)
        self.transform = consume transform
        super.init(source: source, site: site, makeSink: makeSink, kind: mapKind, name: "map")
    }

    override func forEachImmediate(_ body: (Element) throws -> Void) throws -> Bool {
        try source.forEachImmediate { try body(transform($0)) }
    }
}

@usableFromInline
final class MapSink<SourceElement, Result>: ErasedSink<Result>, ElementSink {
    /// The user's closure.
    let transform: (SourceElement) throws -> Result

    @usableFromInline
    init(transform: @escaping (SourceElement) throws -> Result, site: CallSite, observer: Observer) {
        self.transform = consume transform
        super.init(site: site, observer: consume observer, kind: mapSinkKind)
    }

    @usableFromInline
    func onNext(_ element: SourceElement) {
        do {
            forwardNext(try transform(element))
        } catch {
            forwardError(error)
        }
    }
}
