private let deferredKind = ResourceKind("Deferred", .observable)
private let deferredSinkKind = ResourceKind("DeferredSink", .sink)

extension ObservableType {
    /// A sequence that calls `observableFactory` for every subscriber and
    /// subscribes it to the result; an error the factory throws is sent to
    /// that subscriber.
    @_transparent
    public static func deferred(
        _ observableFactory: @escaping () throws -> Observable<Element>
    ) -> Observable<Element> {
        deferred(observableFactory, site: .here())
    }

    /// `deferred` with the site its public form takes from its caller.
    @usableFromInline
    static func deferred(
        _ observableFactory: @escaping () throws -> Observable<Element>,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(observableFactory, "deferred", site)
        return Deferred(observableFactory: observableFactory, site: site)
    }
}

final class Deferred<Element>: Producer<Element> {
    typealias Factory = () throws -> Observable<Element>

    private let observableFactory: Factory
    private let site: CallSite

    init(observableFactory: @escaping Factory, site: CallSite) {
        self.observableFactory = observableFactory
        self.site = site
        super.init(kind: deferredKind, chain: OperatorChain.source("deferred", element: Element.self))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = DeferredSink(observableFactory: observableFactory, site: site, observer: observer, cancel: cancel)
        return (sink, sink.run())
    }
}

final class DeferredSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Factory = () throws -> Observable<Element>

    /// The user's closure, and where it was handed to `deferred`. Let go
    /// once called, as RxSwift does: the subscription then holds nothing
    /// the closure captured.
    private(set) var observableFactory: Factory?
    let site: CallSite

    init(observableFactory: @escaping Factory, site: CallSite, observer: Observer, cancel: Cancelable) {
        self.observableFactory = observableFactory
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: deferredSinkKind)
    }

    func run() -> Disposable {
        do {
            return try observableFactory.take().unsafelyUnwrapped().subscribe(self)
        } catch {
            forwardError(error)
            return Disposables.create()
        }
    }

    func on(_ event: Event<Element>) {
        forwardEndingOnStop(event)
    }
}
