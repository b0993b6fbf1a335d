private let concatMapSinkKind = ResourceKind("ConcatMapSink", .sink)

extension ObservableType {
    /// `concatMap` with the site its public form takes from its caller.
    @usableFromInline
    func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        site: CallSite
    ) -> Observable<Source.Element> {
        ClosureSites.note(selector, "concatMap", site)
        return FlatMap(source: asObservable(), selector: selector, site: site, strategy: .concat)
    }
}

final class ConcatMapSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    MergeLimitedSink<SourceElement, SourceSequence, Observer>
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence

    /// The user's closure, and where it was handed to `concatMap`.
    let selector: Selector
    let site: CallSite

    init(selector: @escaping Selector, site: CallSite, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        self.site = site
        super.init(maxConcurrent: 1, observer: observer, cancel: cancel, kind: concatMapSinkKind)
    }

    override func performMap(_ element: SourceElement) throws -> SourceSequence {
        try selector(element)
    }
}
