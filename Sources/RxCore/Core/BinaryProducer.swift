/// What sets one two-source operator apart from another: its parameters, and
/// how it makes its sink and subscribes it to both sources.
protocol BinaryOperator {
    associatedtype FirstElement
    associatedtype SecondElement
    associatedtype Element

    func run<Observer: ObserverType>(
        _ first: Observable<FirstElement>, _ second: Observable<SecondElement>, _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
}

/// The producer of an operator with two sources: it keeps both and the
/// operator's parameters, and records the operator under its own resource
/// kind, its chain joining both sources' chains.
final class BinaryProducer<Operator: BinaryOperator>: Producer<Operator.Element>, NamedByResourceKind {
    private let first: Observable<Operator.FirstElement>
    private let second: Observable<Operator.SecondElement>
    private let parameters: Operator

    init(
        _ parameters: Operator, _ first: Observable<Operator.FirstElement>,
        _ second: Observable<Operator.SecondElement>, kind: borrowing ResourceKind, name: String
    ) {
        self.first = first
        self.second = second
        self.parameters = parameters
        super.init(kind: kind, chain: OperatorChain(name, first.chain, second.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        parameters.run(first, second, observer, cancel: cancel)
    }
}
