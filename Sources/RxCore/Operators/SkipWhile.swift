private let skipWhileKind = ResourceKind("SkipWhile", .observable)
private let skipWhileSinkKind = ResourceKind("SkipWhileSink", .sink)

extension ObservableType {
    /// `skip` with the site its public form takes from its caller.
    @usableFromInline
    func skip(
        while predicate: @escaping (Element) throws -> Bool,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(predicate, "skip(while:)", site)
        return UnaryProducer(
            SkipWhile(predicate: predicate, site: site), source: asObservable(), kind: skipWhileKind,
            name: "skip(while:)")
    }
}

struct SkipWhile<Element>: SinkOperator {
    typealias SourceElement = Element

    let predicate: (Element) throws -> Bool
    let site: CallSite

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<Element> where Observer.Element == Element {
        SkipWhileSink(predicate: predicate, site: site, observer: observer, cancel: cancel)
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
                    forwardError(error)
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
    /// `skipWhile` with the site its public form takes from its caller.
    @usableFromInline
    func skipWhile(
        _ predicate: @escaping (Element) throws -> Bool,
        site: CallSite
    ) -> Observable<Element> {
        skip(while: predicate, site: site)
    }
}
