private let filterKind = ResourceKind("Filter", .observable)
private let filterSinkKind = ResourceKind("FilterSink", .sink)

extension ObservableType {
    /// Passes on only the elements for which `predicate` is true.
    public func filter(
        _ predicate: @escaping (Element) throws -> Bool,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(predicate, "filter", site)
        return Filter(source: asObservable(), predicate: predicate, site: site)
    }
}

final class Filter<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    private let predicate: Predicate
    private let site: CallSite

    init(source: Observable<Element>, predicate: @escaping Predicate, site: CallSite) {
        self.source = source
        self.predicate = predicate
        self.site = site
        super.init(kind: filterKind, chain: OperatorChain.applying("filter", to: source.chain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = FilterSink(predicate: predicate, site: site, observer: observer, cancel: cancel)
        return (sink, source.subscribe(holder: sink))
    }

    override func subscribe<Observer: ObserverType>(holder observer: Observer) -> Disposable where Observer.Element == Element {
        CurrentThreadScheduler.trampoline {
            let sink = FilterSink(predicate: predicate, site: site, observer: observer, cancel: nil)
            return sink.attach(source.subscribe(holder: sink))
        }
    }
}

final class FilterSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Predicate = (Element) throws -> Bool

    /// The user's closure, and where it was handed to `filter`.
    let predicate: Predicate
    let site: CallSite

    init(predicate: @escaping Predicate, site: CallSite, observer: Observer, cancel: Cancelable?) {
        self.predicate = predicate
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: filterSinkKind)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }

    func onCompleted() { forwardCompleted() }

    func onNext(_ element: Element) {
        do {
            if try predicate(element) { forwardNext(element) }
        } catch {
            forwardError(error)
        }
    }
}
