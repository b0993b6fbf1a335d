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
        return UnaryProducer(
            WithUnretained(object: obj, resultSelector: resultSelector), source: asObservable(),
            kind: withUnretainedKind, name: "withUnretained")
    }

    /// Each element paired with `obj`, held weakly as in
    /// ``withUnretained(_:resultSelector:)``.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Observable<(Object, Element)> {
        UnaryProducer(
            WithUnretained(object: obj) { ($0, $1) }, source: asObservable(), kind: withUnretainedKind,
            name: "withUnretained")
    }
}

struct WithUnretained<Object: AnyObject, SourceElement, Element>: SinkOperator {
    weak var object: Object?
    let resultSelector: (Object, SourceElement) -> Element

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<SourceElement> where Observer.Element == Element {
        WithUnretainedSink(object: object, resultSelector: resultSelector, observer: observer, cancel: cancel)
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
