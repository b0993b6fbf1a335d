private let multicastSelectorKind = ResourceKind("MulticastSelector", .observable)
private let multicastSelectorSinkKind = ResourceKind("MulticastSelectorSink", .sink)

extension ObservableType {
    /// `multicast` with the site its public form takes from its caller.
    @usableFromInline
    func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>,
        site: CallSite
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        ClosureSites.note(subjectSelector, "multicast", site)
        ClosureSites.note(selector, "multicast", site)
        return UnaryProducer(
            MulticastSelector(subjectSelector: subjectSelector, selector: selector, site: site), source: asObservable(),
            kind: multicastSelectorKind, name: "multicast")
    }
}

struct MulticastSelector<Subject: SubjectType, Element>: UnaryOperator {
    typealias SourceElement = Subject.Observer.Element

    let subjectSelector: () throws -> Subject
    let selector: (Observable<Subject.Element>) throws -> Observable<Element>
    let site: CallSite

    func run<Observer: ObserverType>(
        _ source: Observable<SourceElement>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = MulticastSelectorSink(
            subjectSelector: subjectSelector, selector: selector, site: site, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

final class MulticastSelectorSink<Subject: SubjectType, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias SubjectSelector = () throws -> Subject
    typealias Selector = (Observable<Subject.Element>) throws -> Observable<Observer.Element>

    /// The user's closures, and where they were handed to `multicast`.
    let subjectSelector: SubjectSelector
    let selector: Selector
    let site: CallSite

    init(
        subjectSelector: @escaping SubjectSelector, selector: @escaping Selector, site: CallSite, observer: Observer,
        cancel: Cancelable
    ) {
        self.subjectSelector = subjectSelector
        self.selector = selector
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: multicastSelectorSinkKind)
    }

    /// Subscribes to the selected sequence first, then connects, so that
    /// nothing the source sends at once is missed.
    func run(_ source: Observable<Subject.Observer.Element>) -> Disposable {
        do {
            let subject = try subjectSelector()
            let connectable = ConnectableObservableAdapter(
                source: source, makeSubject: { subject }, name: "multicast", site: site)
            let subscription = try selector(connectable.asObservable()).subscribe(self)
            return Disposables.create(subscription, connectable.connect())
        } catch {
            forwardError(error)
            return Disposables.create()
        }
    }

    func on(_ event: Event<Observer.Element>) {
        forwardEndingOnStop(event)
    }
}
