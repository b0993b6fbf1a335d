private let startWithKind = ResourceKind("StartWith", .observable)

extension ObservableType {
    /// Sends `elements` to each subscriber before the source's events.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        UnaryProducer(StartWith(elements: elements), source: asObservable(), kind: startWithKind, name: "startWith")
    }
}

/// Like RxSwift's, it has no sink: the prefix goes straight to the observer
/// while subscribing, then the observer is subscribed to the source.
struct StartWith<Element>: UnaryOperator {
    let elements: [Element]

    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        for element in elements { observer.on(.next(element)) }
        return (Disposables.create(), source.subscribe(observer))
    }
}
