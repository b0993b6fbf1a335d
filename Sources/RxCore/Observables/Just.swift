private let justKind = ResourceKind("Just", .observable)

extension ObservableType {
    /// A sequence of one element, then completion.
    public static func just(_ element: Element) -> Observable<Element> {
        Just(element: element)
    }
}

final class Just<Element>: Producer<Element> {
    private let element: Element

    init(element: Element) {
        self.element = element
        super.init(kind: justKind, chain: OperatorChain.source("just", element: Element.self))
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        observer.onNext(element)
        observer.onCompleted()
        return Disposables.create()
    }
}
