private let catchKind = ResourceKind("Catch", .observable)
private let catchSinkKind = ResourceKind("CatchSink", .sink)

extension ObservableType {
    /// ``catch`` with the site its public form takes from its caller.
    @usableFromInline
    func `catch`(
        _ handler: @escaping (Swift.Error) throws -> Observable<Element>,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(handler, "catch", site)
        return UnaryProducer(
            Catch(handler: handler, site: site), source: asObservable(), kind: catchKind, name: "catch")
    }

    /// The elements of the first sequence of `sequence`; on its error, those
    /// of the next one, and so on; the last one's error is passed on.
    public static func `catch`<Sequence: Swift.Sequence>(sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        Concat(sources: sequence, advancesOnError: true)
    }

    /// RxSwift 5's name for ``catch(sequence:)``.
    @available(*, deprecated, renamed: "catch(sequence:)")
    public static func catchError<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        `catch`(sequence: sequence)
    }

    /// `catchAndReturn` with the site its public form takes from its caller.
    @usableFromInline
    func catchAndReturn(
        _ element: Element,
        site: CallSite
    ) -> Observable<Element> {
        UnaryProducer(
            Catch(handler: { _ in Observable.just(element) }, site: site), source: asObservable(), kind: catchKind,
            name: "catchAndReturn")
    }
}

struct Catch<Element>: UnaryOperator {
    let handler: (Swift.Error) throws -> Observable<Element>
    let site: CallSite

    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = CatchSink(handler: handler, site: site, observer: observer, cancel: cancel)
        return (sink, sink.run(source: source))
    }
}

final class CatchSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Handler = (Swift.Error) throws -> Observable<Element>

    /// The user's closure, and where it was handed to `catch`.
    let handler: Handler
    let site: CallSite
    /// The source's subscription, then the handler sequence's.
    private let subscription = SerialDisposable()

    init(handler: @escaping Handler, site: CallSite, observer: Observer, cancel: Cancelable) {
        self.handler = handler
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: catchSinkKind)
    }

    func run(source: Observable<Element>) -> Disposable {
        let original = SingleAssignmentDisposable()
        subscription.disposable = original
        original.setDisposable(source.subscribe(self))
        return subscription
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .completed:
            forwardOn(event)
            dispose()
        case .error(let error):
            do {
                let continuation = try handler(error)
                subscription.disposable = continuation.subscribe(SinkForward(self))
            } catch {
                forwardError(error)
            }
        }
    }
}

extension ObservableType {
    /// `catchError` with the site its public form takes from its caller.
    @usableFromInline
    func catchError(
        _ handler: @escaping (Swift.Error) throws -> Observable<Element>,
        site: CallSite
    ) -> Observable<Element> {
        self.catch(handler, site: site)
    }

    /// `catchErrorJustReturn` with the site its public form takes from its caller.
    @usableFromInline
    func catchErrorJustReturn(_ element: Element, site: CallSite) -> Observable<Element> {
        catchAndReturn(element, site: site)
    }
}
