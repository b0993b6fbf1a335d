private let emptyKind = ResourceKind("Empty", .observable)

extension ObservableType {
    /// A sequence that completes at once, with no elements.
    public static func empty() -> Observable<Element> {
        EmptyProducer()
    }
}

final class EmptyProducer<Element>: Producer<Element> {
    init() {
        super.init(kind: emptyKind, chain: OperatorChain.source("empty", element: Element.self))
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        observer.on(.completed)
        return Disposables.create()
    }
}
