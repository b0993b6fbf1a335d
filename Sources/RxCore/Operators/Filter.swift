private let filterKind = ResourceKind("Filter", .observable)
private let filterSinkKind = ResourceKind("FilterSink", .sink)

extension ObservableType {
    /// `filter` with the site its public form takes from its caller.
    @inlinable
    func filter(
        _ predicate: @escaping (Element) throws -> Bool,
        site: CallSite
    ) -> Observable<Element> {
        Filter(source: asObservable(), predicate: predicate, site: site) { filter, observer in
            FilterSink(
                predicate: unsafeDowncast(filter, to: Filter.self).predicate, site: filter.site, observer: observer)
        }
    }
}

@usableFromInline
final class Filter<Element>: ClosureProducer<Element, Element> {
    @usableFromInline let predicate: (Element) throws -> Bool

    /// Notes the closure here, as `Map` does.
    @usableFromInline @inline(__always)
    init(
        source: Observable<Element>, predicate: @escaping (Element) throws -> Bool, site: CallSite,
        makeSink: @escaping SinkMaker
    ) {
        ClosureSites.note(predicate, "filter", site)
        self.predicate = consume predicate
        super.init(source: source, site: site, makeSink: makeSink, kind: filterKind, name: "filter")
    }

    override func forEachImmediate(_ body: (Element) throws -> Void) throws -> Bool {
        try source.forEachImmediate { if try predicate($0) { try body($0) } }
    }
}

@usableFromInline
final class FilterSink<Element>: ErasedSink<Element>, ElementSink {
    /// The user's closure.
    let predicate: (Element) throws -> Bool

    @usableFromInline
    init(predicate: @escaping (Element) throws -> Bool, site: CallSite, observer: Observer) {
        self.predicate = consume predicate
        super.init(site: site, observer: consume observer, kind: filterSinkKind)
    }

    @usableFromInline
    func onNext(_ element: Element) {
        do {
            if try predicate(element) { forwardNext(element) }
        } catch {
            forwardError(error)
        }
    }
}
