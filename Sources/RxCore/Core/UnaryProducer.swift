/// What sets one single-source operator apart from another: its parameters,
/// and how it makes its sink and subscribes it to the source.
protocol UnaryOperator {
    associatedtype SourceElement
    associatedtype Element

    func run<Observer: ObserverType>(
        _ source: Observable<SourceElement>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
}

/// The producer of an operator with one source: it keeps the source and the
/// operator's parameters, and records the operator under its own resource
/// kind and chain name.
final class UnaryProducer<Operator: UnaryOperator>: Producer<Operator.Element>, NamedByResourceKind {
    private let source: Observable<Operator.SourceElement>
    private let parameters: Operator

    init(
        _ parameters: Operator, source: Observable<Operator.SourceElement>, kind: borrowing ResourceKind,
        name: String
    ) {
        self.source = source
        self.parameters = parameters
        super.init(kind: kind, chain: OperatorChain.applying(name, to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        parameters.run(source, observer, cancel: cancel)
    }
}
