private let flatMapLatestKind = ResourceKind("FlatMapLatest", .observable)
private let flatMapLatestSinkKind = ResourceKind("FlatMapLatestSink", .sink)

extension ObservableType {
    /// Maps each element to an inner sequence with `selector` and passes on
    /// the elements of the latest one only: a new inner sequence disposes the
    /// previous one. Completes when the source and the latest inner sequence
    /// have completed.
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Source.Element> {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(selector, "flatMapLatest", site)
        return FlatMapLatest(source: asObservable(), selector: selector, site: site)
    }
}

final class FlatMapLatest<SourceElement, SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let source: Observable<SourceElement>
    private let selector: Selector
    private let site: CallSite

    init(source: Observable<SourceElement>, selector: @escaping Selector, site: CallSite) {
        self.source = source
        self.selector = selector
        self.site = site
        super.init(kind: flatMapLatestKind, chain: OperatorChain("flatMapLatest", source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == SourceSequence.Element {
        let sink = FlatMapLatestSink(selector: selector, site: site, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

final class FlatMapLatestSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>: SwitchSink<SourceElement, SourceSequence, Observer>
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence

    /// The user's closure, and where it was handed to `flatMapLatest`.
    let selector: Selector
    let site: CallSite

    init(selector: @escaping Selector, site: CallSite, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: flatMapLatestSinkKind)
    }

    override func performMap(_ element: SourceElement) throws -> SourceSequence {
        try selector(element)
    }
}
