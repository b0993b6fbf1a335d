private let neverKind = ResourceKind("Never", .observable)

extension ObservableType {
    /// A sequence that never sends anything, not even termination.
    public static func never() -> Observable<Element> {
        NeverProducer()
    }
}

final class NeverProducer<Element>: Producer<Element> {
    init() {
        super.init(kind: neverKind, chain: OperatorChain.source("never", element: Element.self))
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        Disposables.create()
    }
}
