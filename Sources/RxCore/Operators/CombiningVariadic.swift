/// `combineLatest` and `zip` of five to eight sources. Rarer than two to
/// four, so one producer serves every arity: the sink keeps the elements as
/// `Any` and the result selector casts them back to the sources' types.
final class CombiningVariadic<each SourceElement, Result>: Producer<Result> {
    typealias ResultSelector = (repeat each SourceElement) throws -> Result

    private let strategy: CombiningStrategy
    private let sources: (repeat Observable<each SourceElement>)
    private let arity: Int
    /// The user's closure (or the built-in tuple), and where it was handed to the operator.
    let resultSelector: ResultSelector
    let site: CallSite

    /// Notes `resultSelector` for leak attribution when `notes` (a closure of
    /// the user's, not the built-in tuple).
    init(
        _ strategy: CombiningStrategy, _ sources: repeat Observable<each SourceElement>,
        resultSelector: @escaping ResultSelector, notes: Bool, site: CallSite
    ) {
        if notes { ClosureSites.note(pack: resultSelector, strategy.operatorName, site) }
        var chains: [OperatorChain] = []
        for source in repeat each sources { chains.append(source.chain) }
        self.strategy = strategy
        self.sources = (repeat each sources)
        self.arity = chains.count
        self.resultSelector = resultSelector
        self.site = site
        super.init(
            kind: strategy.kinds(arity: arity).producer.kind,
            chain: OperatorChain(strategy.operatorName, upstream: chains))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Result {
        let sinkKind = strategy.kinds(arity: arity).sink
        let resultSelector = resultSelector
        let select = { (elements: [Any]) throws -> Result in
            var index = 0
            func next<Element>(_: Element.Type) -> Element {
                defer { index += 1 }
                return elements[index] as! Element
            }
            return try resultSelector(repeat next((each SourceElement).self))
        }
        switch strategy {
        case .combineLatest:
            let sink = CombiningCollectionSink<LatestElement<Any>, Observer>(
                count: arity, endsWhenUnpairable: strategy == .combineLatest, resultSelector: select, site: site,
                observer: observer, cancel: cancel, kind: sinkKind.kind)
            return (sink, sink.run(repeat each sources))
        case .zip:
            let sink = CombiningCollectionSink<QueuedElements<Any>, Observer>(
                count: arity, endsWhenUnpairable: strategy == .combineLatest, resultSelector: select, site: site,
                observer: observer, cancel: cancel, kind: sinkKind.kind)
            return (sink, sink.run(repeat each sources))
        }
    }
}
