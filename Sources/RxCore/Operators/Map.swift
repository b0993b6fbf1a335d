private let mapKind = ResourceKind("Map", .observable)
private let mapSinkKind = ResourceKind("MapSink", .sink)

extension ObservableType {
    /// Transforms each element with `transform`; an error it throws ends the
    /// sequence with that error.
    public func map<Result>(
        _ transform: @escaping (Element) throws -> Result,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Result> {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(transform, "map", site)
        return Map(source: asObservable(), transform: transform, site: site)
    }
}

final class Map<SourceElement, Element>: Producer<Element> {
    typealias Transform = (SourceElement) throws -> Element

    private let source: Observable<SourceElement>
    private let transform: Transform
    private let site: CallSite

    init(source: Observable<SourceElement>, transform: @escaping Transform, site: CallSite) {
        self.source = source
        self.transform = transform
        self.site = site
        super.init(kind: mapKind, chain: OperatorChain.applying("map", to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = MapSink(transform: transform, site: site, observer: observer, cancel: cancel)
        return (sink, source.subscribe(holder: sink))
    }

    override func subscribe<Observer: ObserverType>(holder observer: Observer) -> Disposable where Observer.Element == Element {
        CurrentThreadScheduler.trampoline {
            let sink = MapSink(transform: transform, site: site, observer: observer, cancel: nil)
            return sink.attach(source.subscribe(holder: sink))
        }
    }
}

/// `Result` is `Observer.Element` named as a parameter of its own, so the
/// sink finds its metadata among its own generic arguments for every element
/// rather than asking the runtime for an associated type.
final class MapSink<SourceElement, Result, Observer: ObserverType>: Sink<Observer>, ObserverType where Observer.Element == Result {
    typealias Transform = (SourceElement) throws -> Result

    /// The user's closure, and where it was handed to `map`.
    let transform: Transform
    let site: CallSite

    init(transform: @escaping Transform, site: CallSite, observer: Observer, cancel: Cancelable?) {
        self.transform = transform
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: mapSinkKind)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardCompleted()
        }
    }

    func onCompleted() { forwardCompleted() }

    func onNext(_ element: SourceElement) {
        do {
            forwardNext(try transform(element))
        } catch {
            forwardError(error)
        }
    }
}
