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

    convenience init(
        _ parameters: Operator, source: Observable<Operator.SourceElement>, kind: borrowing ResourceKind,
        name: String
    ) {
        self.init(parameters, source: source, kind: kind, chain: OperatorChain.applying(name, to: source.chain))
    }

    /// For an operator whose chain names more than its source, such as
    /// `timeout`'s with the sequence it switches to.
    init(
        _ parameters: Operator, source: Observable<Operator.SourceElement>, kind: borrowing ResourceKind,
        chain: OperatorChain
    ) {
        self.source = source
        self.parameters = parameters
        super.init(kind: kind, chain: chain)
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        parameters.run(source, observer, cancel: cancel)
    }
}
