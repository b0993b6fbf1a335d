private let withUnretainedKind = ResourceKind("WithUnretained", .observable)
private let withUnretainedSinkKind = ResourceKind("WithUnretainedSink", .sink)

extension ObservableType {
    /// `withUnretained` with the site its public form takes from its caller.
    @usableFromInline
    func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) -> Out,
        site: CallSite
    ) -> Observable<Out> {
        ClosureSites.note(resultSelector, "withUnretained", site)
        return WithUnretained(source: asObservable(), object: obj, resultSelector: resultSelector)
    }

    /// Each element paired with `obj`, held weakly as in
    /// ``withUnretained(_:resultSelector:)``.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Observable<(Object, Element)> {
        WithUnretained(source: asObservable(), object: obj) { ($0, $1) }
    }
}

final class WithUnretained<Object: AnyObject, SourceElement, Element>: Producer<Element> {
    typealias ResultSelector = (Object, SourceElement) -> Element

    private let source: Observable<SourceElement>
    private weak var object: Object?
    private let resultSelector: ResultSelector

    init(source: Observable<SourceElement>, object: Object, resultSelector: @escaping ResultSelector) {
        self.source = source
        self.object = object
        self.resultSelector = resultSelector
        super.init(kind: withUnretainedKind, chain: OperatorChain.applying("withUnretained", to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = WithUnretainedSink(
            object: object, resultSelector: resultSelector, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

final class WithUnretainedSink<Object: AnyObject, SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias ResultSelector = (Object, SourceElement) -> Observer.Element

    private weak var object: Object?
    private let resultSelector: ResultSelector

    init(object: Object?, resultSelector: @escaping ResultSelector, observer: Observer, cancel: Cancelable) {
        self.object = object
        self.resultSelector = resultSelector
        super.init(observer: observer, cancel: cancel, kind: withUnretainedSinkKind)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            guard let object else {
                forwardCompleted()
                return
            }
            forwardOn(.next(resultSelector(object, element)))
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
