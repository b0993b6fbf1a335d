private let skipWhileKind = ResourceKind("SkipWhile", .observable)
private let skipWhileSinkKind = ResourceKind("SkipWhileSink", .sink)

extension ObservableType {
    /// Drops elements while `predicate` is true for them, then passes on the
    /// first element it rejects and every element after it.
    @_transparent
    public func skip(
        while predicate: @escaping (Element) throws -> Bool
    ) -> Observable<Element> {
        skip(while: predicate, site: .here())
    }

    /// `skip` with the site its public form takes from its caller.
    @usableFromInline
    func skip(
        while predicate: @escaping (Element) throws -> Bool,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(predicate, "skip(while:)", site)
        return SkipWhile(source: asObservable(), predicate: predicate, site: site)
    }
}

final class SkipWhile<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    private let predicate: Predicate
    private let site: CallSite

    init(source: Observable<Element>, predicate: @escaping Predicate, site: CallSite) {
        self.source = source
        self.predicate = predicate
        self.site = site
        super.init(kind: skipWhileKind, chain: OperatorChain.applying("skip(while:)", to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = SkipWhileSink(predicate: predicate, site: site, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

final class SkipWhileSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Predicate = (Element) throws -> Bool

    /// The user's closure, and where it was handed to `skip(while:)`.
    let predicate: Predicate
    let site: CallSite
    private var running = false

    init(predicate: @escaping Predicate, site: CallSite, observer: Observer, cancel: Cancelable) {
        self.predicate = predicate
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: skipWhileSinkKind)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            if !running {
                do {
                    running = try !predicate(element)
                } catch {
                    forwardOn(.error(error))
                    dispose()
                    return
                }
            }
            if running { forwardOn(event) }
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}

extension ObservableType {
    /// RxSwift 5's name for ``skip(while:)``.
    @available(*, deprecated, renamed: "skip(while:)")
    @_transparent
    public func skipWhile(
        _ predicate: @escaping (Element) throws -> Bool
    ) -> Observable<Element> {
        skipWhile(predicate, site: .here())
    }

    /// `skipWhile` with the site its public form takes from its caller.
    @usableFromInline
    func skipWhile(
        _ predicate: @escaping (Element) throws -> Bool,
        site: CallSite
    ) -> Observable<Element> {
        skip(while: predicate, site: site)
    }
}
