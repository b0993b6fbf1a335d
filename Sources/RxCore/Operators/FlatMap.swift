private let flatMapKind = ResourceKind("FlatMap", .observable)
private let flatMapSinkKind = ResourceKind("FlatMapSink", .sink)
private let flatMapFirstKind = ResourceKind("FlatMapFirst", .observable)
private let flatMapFirstSinkKind = ResourceKind("FlatMapFirstSink", .sink)

extension ObservableType {
    /// Maps each element to an inner sequence with `selector`, subscribes to
    /// all of them and passes on their elements as they come; completes when
    /// the source and every inner sequence have completed.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Source.Element> {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(selector, "flatMap", site)
        return FlatMap(source: asObservable(), selector: selector, site: site, strategy: .every)
    }
}

/// Which source elements `FlatMap` maps: every one (`flatMap`), or only
/// those arriving while no inner sequence is active (`flatMapFirst`).
enum FlatMapStrategy {
    case every
    case firstOnly

    var operatorName: String { self == .every ? "flatMap" : "flatMapFirst" }
    fileprivate var kind: ResourceKind { self == .every ? flatMapKind : flatMapFirstKind }
    fileprivate var sinkKind: ResourceKind { self == .every ? flatMapSinkKind : flatMapFirstSinkKind }
}

final class FlatMap<SourceElement, SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let source: Observable<SourceElement>
    private let selector: Selector
    private let site: CallSite
    private let strategy: FlatMapStrategy

    init(source: Observable<SourceElement>, selector: @escaping Selector, site: CallSite, strategy: FlatMapStrategy) {
        self.source = source
        self.selector = selector
        self.site = site
        self.strategy = strategy
        super.init(kind: strategy.kind, chain: OperatorChain(strategy.operatorName, source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == SourceSequence.Element {
        let sink = FlatMapSink(selector: selector, site: site, strategy: strategy, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

final class FlatMapSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>: MergeSink<SourceElement, SourceSequence, Observer>
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence

    /// The user's closure, and where it was handed to `flatMap` or `flatMapFirst`.
    let selector: Selector
    let site: CallSite

    init(selector: @escaping Selector, site: CallSite, strategy: FlatMapStrategy, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: strategy.sinkKind, dropsWhileActive: strategy == .firstOnly)
    }

    override func performMap(_ element: SourceElement) throws -> SourceSequence {
        try selector(element)
    }
}
