private let flatMapKind = ResourceKind("FlatMap", .observable)
private let flatMapSinkKind = ResourceKind("FlatMapSink", .sink)
private let flatMapFirstKind = ResourceKind("FlatMapFirst", .observable)
private let flatMapFirstSinkKind = ResourceKind("FlatMapFirstSink", .sink)
private let flatMapLatestKind = ResourceKind("FlatMapLatest", .observable)
private let flatMapLatestSinkKind = ResourceKind("FlatMapLatestSink", .sink)
private let concatMapKind = ResourceKind("ConcatMap", .observable)
private let concatMapSinkKind = ResourceKind("ConcatMapSink", .sink)

extension ObservableType {
    /// `flatMap` with the site its public form takes from its caller.
    @usableFromInline
    func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        site: CallSite
    ) -> Observable<Source.Element> {
        ClosureSites.note(selector, "flatMap", site)
        return FlatMap(source: asObservable(), selector: selector, site: site, strategy: .every)
    }
}

/// How `FlatMap` subscribes the inner sequences its selector makes: all at
/// once (`flatMap`), only while none is active (`flatMapFirst`), the latest
/// only (`flatMapLatest`), or one after the other (`concatMap`).
enum FlatMapStrategy {
    case every
    case firstOnly
    case latest
    case concat

    var operatorName: String {
        switch self {
        case .every: "flatMap"
        case .firstOnly: "flatMapFirst"
        case .latest: "flatMapLatest"
        case .concat: "concatMap"
        }
    }
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
        let chain = OperatorChain.applying(strategy.operatorName, to: source.chain)
        switch strategy {
        case .every: super.init(kind: flatMapKind, chain: chain)
        case .firstOnly: super.init(kind: flatMapFirstKind, chain: chain)
        case .latest: super.init(kind: flatMapLatestKind, chain: chain)
        case .concat: super.init(kind: concatMapKind, chain: chain)
        }
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == SourceSequence.Element {
        switch strategy {
        case .every:
            let sink = MergeSink(
                selector: selector, site: site, observer: observer, cancel: cancel, kind: flatMapSinkKind)
            return (sink, sink.run(source))
        case .firstOnly:
            let sink = MergeSink(
                selector: selector, site: site, observer: observer, cancel: cancel, kind: flatMapFirstSinkKind,
                dropsWhileActive: true)
            return (sink, sink.run(source))
        case .latest:
            let sink = SwitchSink(
                selector: selector, site: site, observer: observer, cancel: cancel, kind: flatMapLatestSinkKind)
            return (sink, sink.run(source))
        case .concat:
            let sink = MergeLimitedSink(
                maxConcurrent: 1, selector: selector, site: site, observer: observer, cancel: cancel,
                kind: concatMapSinkKind)
            return (sink, sink.run(source))
        }
    }
}
