private let startWithKind = ResourceKind("StartWith", .observable)

extension ObservableType {
    /// Sends `elements` to each subscriber before the source's events.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        StartWith(source: asObservable(), elements: elements)
    }
}

/// Like RxSwift's, it has no sink: the prefix goes straight to the observer
/// while subscribing, then the observer is subscribed to the source.
final class StartWith<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let elements: [Element]

    init(source: Observable<Element>, elements: [Element]) {
        self.source = source
        self.elements = elements
        super.init(kind: startWithKind, chain: OperatorChain.applying("startWith", to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        for element in elements { observer.on(.next(element)) }
        return (Disposables.create(), source.subscribe(observer))
    }
}
