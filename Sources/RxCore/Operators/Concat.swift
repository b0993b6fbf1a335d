private let concatKind = ResourceKind("Concat", .observable)
private let concatSinkKind = ResourceKind("ConcatSink", .sink)

extension ObservableType {
    /// This sequence's elements, then, once it has completed, those of `second`.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element> where Source.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }

    /// The elements of each sequence of `sequence` in turn: each is subscribed
    /// only once the previous one has completed.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        Concat(sources: sequence)
    }

    /// The elements of each sequence of `collection` in turn: each is
    /// subscribed only once the previous one has completed.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        Concat(sources: collection)
    }

    /// The elements of each of `sources` in turn: each is subscribed only once
    /// the previous one has completed.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        Concat(sources: sources)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// The elements of each inner sequence in turn: each is subscribed only
    /// once the previous one has completed (`merge(maxConcurrent: 1)`).
    public func concat() -> Observable<Element.Element> {
        merge(maxConcurrent: 1)
    }
}

/// `concat` and `catch(sequence:)`: the sources one after the other, moving
/// on when one completes or, with `advancesOnError`, when one fails.
final class Concat<Sources: Swift.Sequence, Element>: Producer<Element> where Sources.Element == Observable<Element> {
    private let sources: Sources
    private let advancesOnError: Bool

    init(sources: Sources, advancesOnError: Bool = false) {
        self.sources = sources
        self.advancesOnError = advancesOnError
        let upstream = (sources as? [Observable<Element>]).map { $0.map(\.chain) } ?? []
        super.init(kind: concatKind, chain: OperatorChain(advancesOnError ? "catch(sequence:)" : "concat", upstream: upstream))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ConcatSink(sources: sources.makeIterator(), advancesOnError: advancesOnError, observer: observer, cancel: cancel)
        return (sink, sink.run())
    }
}

/// Subscribes the sources one after the other. Moving to the next source
/// goes through a ``TrampolineGate``, as in RxSwift's tail-recursive sink: a
/// source that completes while it is being subscribed queues the move instead
/// of nesting it, so a long run of synchronous sources does not grow the stack.
final class ConcatSink<Sources: IteratorProtocol, Observer: ObserverType>: Sink<Observer>, ObserverType
where Sources.Element == Observable<Observer.Element> {
    private var sources: Sources
    /// Whether an error, rather than completion, moves to the next source.
    private let advancesOnError: Bool
    /// With `advancesOnError`: the last source's error, sent once none is left.
    private var lastError: Swift.Error?
    private let current = SerialDisposable()
    private let gate = TrampolineGate()

    init(sources: Sources, advancesOnError: Bool, observer: Observer, cancel: Cancelable) {
        self.sources = sources
        self.advancesOnError = advancesOnError
        super.init(observer: observer, cancel: cancel, kind: concatSinkKind)
    }

    func run() -> Disposable {
        scheduleMoveNext()
        return current
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .error(let error) where advancesOnError:
            lastError = error
            scheduleMoveNext()
        case .completed where !advancesOnError:
            scheduleMoveNext()
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }

    private func scheduleMoveNext() {
        gate.run(moveNext)
    }

    private func moveNext() {
        if isDisposed { return }
        guard let next = sources.next() else {
            forwardOn(lastError.map { .error($0) } ?? .completed)
            dispose()
            return
        }
        let subscription = SingleAssignmentDisposable()
        current.disposable = subscription
        subscription.setDisposable(next.subscribe(self))
    }

    override func dispose() {
        super.dispose()
        current.dispose()
        gate.close()
    }
}
