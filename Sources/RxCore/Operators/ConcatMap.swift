private let concatMapKind = ResourceKind("ConcatMap", .observable)
private let concatMapSinkKind = ResourceKind("ConcatMapSink", .sink)

extension ObservableType {
    /// Maps each element to an inner sequence with `selector` and passes on
    /// the inner sequences' elements one sequence after the other: each is
    /// subscribed only once the previous one has completed.
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Source.Element> {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(selector, "concatMap", site)
        return ConcatMap(source: asObservable(), selector: selector, site: site)
    }
}

final class ConcatMap<SourceElement, SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let source: Observable<SourceElement>
    private let selector: Selector
    private let site: CallSite

    init(source: Observable<SourceElement>, selector: @escaping Selector, site: CallSite) {
        self.source = source
        self.selector = selector
        self.site = site
        super.init(kind: concatMapKind, chain: OperatorChain("concatMap", source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == SourceSequence.Element {
        let sink = ConcatMapSink(selector: selector, site: site, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

final class ConcatMapSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>: MergeLimitedSink<SourceElement, SourceSequence, Observer>
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
