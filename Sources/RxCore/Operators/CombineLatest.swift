private let combineLatestCollectionKind = ResourceKind("CombineLatestCollection", .observable)
private let combineLatestCollectionSinkKind = ResourceKind("CombineLatestCollectionSink", .sink)

extension ObservableType {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one. Completes when
    /// all have completed, or when one completes without ever sending an
    /// element; fails with the first error of any.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(resultSelector, "combineLatest", site)
        return CombineLatestCollection(sources: collection.map { $0.asObservable() }, resultSelector: resultSelector, site: site)
    }

    /// Once every source has sent an element, sends the array of the latest
    /// element of each whenever any of them sends one.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        CombineLatestCollection(sources: collection.map { $0.asObservable() }, resultSelector: { $0 }, site: CallSite(file: file, line: line))
    }
}

/// What the fixed-arity `combineLatest` sinks share: which sources have sent
/// an element and which are done, under one lock for all of them.
class CombineLatestSink<Observer: ObserverType>: Sink<Observer> {
    fileprivate let lock = RecursiveLock()
    private let arity: Int
    private var numberOfValues = 0
    private var numberOfDone = 0
    private var hasValue: [Bool]
    private var isDone: [Bool]

    init(arity: Int, observer: Observer, cancel: Cancelable, kind: ResourceKind) {
        self.arity = arity
        self.hasValue = Array(repeating: false, count: arity)
        self.isDone = Array(repeating: false, count: arity)
        super.init(observer: observer, cancel: cancel, kind: kind)
    }

    /// The result of the latest elements; subclasses call the user's selector.
    func getResult() throws -> Observer.Element {
        fatalError("CombineLatestSink.getResult must be overridden by \(type(of: self))")
    }

    /// Subscribes `source` as the source number `index`, storing its elements with `setLatest`.
    final func subscribe<Element>(_ source: Observable<Element>, index: Int, setLatest: @escaping (Element) -> Void) -> Disposable {
        let subscription = SingleAssignmentDisposable()
        subscription.setDisposable(source.subscribe(
            CombineLatestObserver(parent: self, index: index, subscription: subscription, setLatest: setLatest)))
        return subscription
    }

    fileprivate func next(_ index: Int) {
        if !hasValue[index] {
            hasValue[index] = true
            numberOfValues += 1
        }
        if numberOfValues == arity {
            do {
                forwardOn(.next(try getResult()))
            } catch {
                forwardOn(.error(error))
                dispose()
            }
        } else if isDone.indices.allSatisfy({ $0 == index || isDone[$0] }) {
            // The others are done and one of them never sent: nothing can follow.
            forwardOn(.completed)
            dispose()
        }
    }

    fileprivate func fail(_ error: Swift.Error) {
        forwardOn(.error(error))
        dispose()
    }

    fileprivate func done(_ index: Int) {
        if isDone[index] { return }
        isDone[index] = true
        numberOfDone += 1
        if numberOfDone == arity {
            forwardOn(.completed)
            dispose()
        }
    }
}

/// Receives one source's events for a ``CombineLatestSink``, under its lock.
final class CombineLatestObserver<Element, Observer: ObserverType>: ObserverType {
    private let parent: CombineLatestSink<Observer>
    private let index: Int
    private let subscription: Disposable
    private let setLatest: (Element) -> Void

    init(parent: CombineLatestSink<Observer>, index: Int, subscription: Disposable, setLatest: @escaping (Element) -> Void) {
        self.parent = parent
        self.index = index
        self.subscription = subscription
        self.setLatest = setLatest
    }

    func on(_ event: Event<Element>) {
        parent.lock.performLocked {
            switch event {
            case .next(let element):
                setLatest(element)
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

final class CombineLatestCollection<SourceElement, Element>: Producer<Element> {
    typealias ResultSelector = ([SourceElement]) throws -> Element

    private let sources: [Observable<SourceElement>]
    private let resultSelector: ResultSelector
    private let site: CallSite

    init(sources: [Observable<SourceElement>], resultSelector: @escaping ResultSelector, site: CallSite) {
        self.sources = sources
        self.resultSelector = resultSelector
        self.site = site
        super.init(kind: combineLatestCollectionKind, chain: OperatorChain("combineLatest", upstream: sources.map(\.chain)))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = CombineLatestCollectionSink(resultSelector: resultSelector, site: site, count: sources.count, observer: observer, cancel: cancel)
        return (sink, sink.run(sources))
    }
}

final class CombineLatestCollectionSink<SourceElement, Observer: ObserverType>: Sink<Observer> {
    typealias ResultSelector = ([SourceElement]) throws -> Observer.Element

    /// The user's closure (or the built-in array), and where it was handed to `combineLatest`.
    let resultSelector: ResultSelector
    let site: CallSite
    private let lock = RecursiveLock()
    private var values: [SourceElement?]
    private var isDone: [Bool]
    private var numberOfValues = 0
    private var numberOfDone = 0
    private let subscriptions: [SingleAssignmentDisposable]

    init(resultSelector: @escaping ResultSelector, site: CallSite, count: Int, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        self.site = site
        self.values = Array(repeating: nil, count: count)
        self.isDone = Array(repeating: false, count: count)
        self.subscriptions = (0..<count).map { _ in SingleAssignmentDisposable() }
        super.init(observer: observer, cancel: cancel, kind: combineLatestCollectionSinkKind)
    }

    func run(_ sources: [Observable<SourceElement>]) -> Disposable {
        for (index, source) in sources.enumerated() {
            subscriptions[index].setDisposable(source.subscribe(AnyObserver { event in self.on(event, at: index) }))
        }
        if sources.isEmpty {
            do {
                forwardOn(.next(try resultSelector([])))
                forwardOn(.completed)
            } catch {
                forwardOn(.error(error))
            }
            dispose()
        }
        return Disposables.create(subscriptions)
    }

    private func on(_ event: Event<SourceElement>, at index: Int) {
        lock.performLocked {
            switch event {
            case .next(let element):
                if values[index] == nil { numberOfValues += 1 }
                values[index] = element
                if numberOfValues < values.count {
                    let othersDone = numberOfDone - (isDone[index] ? 1 : 0)
                    if othersDone == values.count - 1 {
                        forwardOn(.completed)
                        dispose()
                    }
                    return
                }
                do {
                    forwardOn(.next(try resultSelector(values.map { $0! })))
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
