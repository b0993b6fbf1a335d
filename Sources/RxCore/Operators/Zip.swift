private let zipCollectionKind = ResourceKind("ZipCollection", .observable)
private let zipCollectionSinkKind = ResourceKind("ZipCollectionSink", .sink)

extension ObservableType {
    /// Pairs the sources' elements by position: sends `resultSelector` of
    /// every source's n-th element once all have sent their n-th, buffering
    /// the elements of faster sources. Completes when all have completed, or
    /// when one has completed and another sends an element that can never be
    /// paired; fails with the first error of any.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(resultSelector, "zip", site)
        return ZipCollection(sources: collection.map { $0.asObservable() }, resultSelector: resultSelector, site: site)
    }

    /// Pairs the sources' elements by position: sends the array of every
    /// source's n-th element once all have sent their n-th.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        ZipCollection(sources: collection.map { $0.asObservable() }, resultSelector: { $0 }, site: CallSite(file: file, line: line))
    }
}

/// What the fixed-arity `zip` sinks share: which sources are done, under one
/// lock for all of them; the subclasses keep one queue of elements per source.
class ZipSink<Observer: ObserverType>: Sink<Observer> {
    fileprivate let lock = RecursiveLock()
    private var isDone: [Bool]

    init(arity: Int, observer: Observer, cancel: Cancelable, kind: ResourceKind) {
        self.isDone = Array(repeating: false, count: arity)
        super.init(observer: observer, cancel: cancel, kind: kind)
    }

    /// The result of each source's oldest queued element, dequeuing them;
    /// subclasses call the user's selector.
    func getResult() throws -> Observer.Element {
        fatalError("ZipSink.getResult must be overridden by \(type(of: self))")
    }

    /// Whether source number `index` has a queued element.
    func hasElements(_ index: Int) -> Bool {
        fatalError("ZipSink.hasElements must be overridden by \(type(of: self))")
    }

    /// Subscribes `source` as the source number `index`, queuing its elements with `enqueue`.
    final func subscribe<Element>(_ source: Observable<Element>, index: Int, enqueue: @escaping (Element) -> Void) -> Disposable {
        let subscription = SingleAssignmentDisposable()
        subscription.setDisposable(source.subscribe(
            ZipObserver(parent: self, index: index, subscription: subscription, enqueue: enqueue)))
        return subscription
    }

    fileprivate func next(_ index: Int) {
        if isDone.indices.allSatisfy(hasElements) {
            do {
                forwardOn(.next(try getResult()))
            } catch {
                forwardOn(.error(error))
                dispose()
            }
        } else if isDone.indices.allSatisfy({ $0 == index || isDone[$0] }) {
            // The others are done and one of them has nothing left to pair.
            forwardOn(.completed)
            dispose()
        }
    }

    fileprivate func fail(_ error: Swift.Error) {
        forwardOn(.error(error))
        dispose()
    }

    fileprivate func done(_ index: Int) {
        isDone[index] = true
        if isDone.allSatisfy({ $0 }) {
            forwardOn(.completed)
            dispose()
        }
    }
}

/// Receives one source's events for a ``ZipSink``, under its lock.
final class ZipObserver<Element, Observer: ObserverType>: ObserverType {
    private let parent: ZipSink<Observer>
    private let index: Int
    private let subscription: Disposable
    private let enqueue: (Element) -> Void

    init(parent: ZipSink<Observer>, index: Int, subscription: Disposable, enqueue: @escaping (Element) -> Void) {
        self.parent = parent
        self.index = index
        self.subscription = subscription
        self.enqueue = enqueue
    }

    func on(_ event: Event<Element>) {
        parent.lock.performLocked {
            switch event {
            case .next(let element):
                enqueue(element)
                parent.next(index)
            case .error(let error):
                subscription.dispose()
                parent.fail(error)
            case .completed:
                subscription.dispose()
                parent.done(index)
            }
        }
    }
}

final class ZipCollection<SourceElement, Element>: Producer<Element> {
    typealias ResultSelector = ([SourceElement]) throws -> Element

    private let sources: [Observable<SourceElement>]
    private let resultSelector: ResultSelector
    private let site: CallSite

    init(sources: [Observable<SourceElement>], resultSelector: @escaping ResultSelector, site: CallSite) {
        self.sources = sources
        self.resultSelector = resultSelector
        self.site = site
        super.init(kind: zipCollectionKind, chain: OperatorChain("zip", upstream: sources.map(\.chain)))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ZipCollectionSink(resultSelector: resultSelector, site: site, count: sources.count, observer: observer, cancel: cancel)
        return (sink, sink.run(sources))
    }
}

final class ZipCollectionSink<SourceElement, Observer: ObserverType>: Sink<Observer> {
    typealias ResultSelector = ([SourceElement]) throws -> Observer.Element

    /// The user's closure (or the built-in array), and where it was handed to `zip`.
    let resultSelector: ResultSelector
    let site: CallSite
    private let lock = RecursiveLock()
    private var values: [Queue<SourceElement>]
    private var isDone: [Bool]
    /// How many sources have a queued element.
    private var numberOfValues = 0
    private var numberOfDone = 0
    private let subscriptions: [SingleAssignmentDisposable]

    init(resultSelector: @escaping ResultSelector, site: CallSite, count: Int, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        self.site = site
        self.values = Array(repeating: Queue(), count: count)
        self.isDone = Array(repeating: false, count: count)
        self.subscriptions = (0..<count).map { _ in SingleAssignmentDisposable() }
        super.init(observer: observer, cancel: cancel, kind: zipCollectionSinkKind)
    }

    func run(_ sources: [Observable<SourceElement>]) -> Disposable {
        for (index, source) in sources.enumerated() {
            subscriptions[index].setDisposable(source.subscribe(AnyObserver { event in self.on(event, at: index) }))
        }
        if sources.isEmpty {
            forwardOn(.completed)
            dispose()
        }
        return Disposables.create(subscriptions)
    }

    private func on(_ event: Event<SourceElement>, at index: Int) {
        lock.performLocked {
            switch event {
            case .next(let element):
                values[index].enqueue(element)
                if values[index].count == 1 { numberOfValues += 1 }
                if numberOfValues < values.count {
                    if numberOfDone == values.count - 1 {
                        forwardOn(.completed)
                        dispose()
                    }
                    return
                }
                do {
                    numberOfValues = 0
                    var arguments: [SourceElement] = []
                    arguments.reserveCapacity(values.count)
                    for source in values.indices {
                        arguments.append(values[source].dequeue()!)
                        if !values[source].isEmpty { numberOfValues += 1 }
                    }
                    forwardOn(.next(try resultSelector(arguments)))
                } catch {
                    forwardOn(.error(error))
                    dispose()
                }
            case .error(let error):
                forwardOn(.error(error))
                dispose()
            case .completed:
                if isDone[index] { return }
                isDone[index] = true
                numberOfDone += 1
                if numberOfDone == values.count {
                    forwardOn(.completed)
                    dispose()
                } else {
                    subscriptions[index].dispose()
                }
            }
        }
    }
}
