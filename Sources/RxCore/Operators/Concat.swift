import Synchronization

private let concatKind = ResourceKind("Concat", .observable)
private let concatSinkKind = ResourceKind("ConcatSink", .sink)

extension ObservableType {
    /// This sequence's elements, then, once it has completed, those of `second`.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
    where Source.Element == Element {
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
        Concat(sources: collection, count: collection.count)
    }

    /// The elements of each of `sources` in turn: each is subscribed only once
    /// the previous one has completed.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        Concat(sources: sources, count: sources.count)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// The elements of each inner sequence in turn: each is subscribed only
    /// once the previous one has completed (`merge(maxConcurrent: 1)`).
    public func concat() -> Observable<Element.Element> {
        merge(maxConcurrent: 1)
    }
}

/// The most sources `concat` and `catch(sequence:)` have had waiting at
/// once, nested ones flattened into their parent included; RxSwift's tests
/// read it to check that nesting through the last source does not grow.
public var maxTailRecursiveSinkStackSize: Int {
    get { deepestConcatStack.load(ordering: .relaxed) }
    set { deepestConcatStack.store(newValue, ordering: .relaxed) }
}

/// Atomic: sinks on any thread raise it.
private let deepestConcatStack = Atomic<Int>(0)

/// `concat` and `catch(sequence:)`: the sources one after the other, moving
/// on when one completes or, with `advancesOnError`, when one fails.
final class Concat<Element>: Producer<Element> {
    private let sources: AnySequence<Observable<Element>>
    /// How many sources there are, when known (a collection).
    private let count: Int?
    fileprivate let advancesOnError: Bool

    init<Sources: Swift.Sequence>(sources: Sources, count: Int? = nil, advancesOnError: Bool = false)
    where Sources.Element == Observable<Element> {
        self.sources = AnySequence(sources)
        self.count = count
        self.advancesOnError = advancesOnError
        let upstream = (sources as? [Observable<Element>]).map { $0.map(\.chain) } ?? []
        super.init(
            kind: concatKind, chain: OperatorChain(advancesOnError ? "catch(sequence:)" : "concat", upstream: upstream))
    }

    /// A fresh pass over the sources, for a subscription.
    fileprivate func pending() -> ConcatSources<Element> {
        ConcatSources(iterator: sources.makeIterator(), remaining: count)
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = ConcatSink(sources: pending(), advancesOnError: advancesOnError, observer: observer, cancel: cancel)
        return (sink, sink.run())
    }
}

/// Sources still to go through, and how many are left when known.
struct ConcatSources<Element> {
    var iterator: AnyIterator<Observable<Element>>
    var remaining: Int?
}

/// Subscribes the sources one after the other. Moving to the next source
/// goes through a ``TrampolineGate``, as in RxSwift's tail-recursive sink: a
/// source that completes while it is being subscribed queues the move instead
/// of nesting it, so a long run of synchronous sources does not grow the stack.
/// A source that is itself the same kind of `concat` is not subscribed: its
/// sources are stacked on this sink's, and a list whose last source has been
/// taken is dropped first, so `concat` nested through the last source runs
/// in constant space, as in RxSwift.
final class ConcatSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private var stack: [ConcatSources<Element>]
    /// Whether an error, rather than completion, moves to the next source.
    private let advancesOnError: Bool
    /// With `advancesOnError`: the last source's error, sent once none is left.
    private var lastError: Swift.Error?
    private let current = SerialDisposable()
    private let gate = TrampolineGate()

    init(sources: ConcatSources<Element>, advancesOnError: Bool, observer: Observer, cancel: Cancelable) {
        self.stack = [sources]
        self.advancesOnError = advancesOnError
        super.init(observer: observer, cancel: cancel, kind: concatSinkKind)
    }

    func run() -> Disposable {
        scheduleMoveNext()
        return current
    }

    func on(_ event: Event<Element>) {
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
        guard let next = nextSource() else {
            forwardOn(lastError.map { .error($0) } ?? .completed)
            dispose()
            return
        }
        let subscription = SingleAssignmentDisposable()
        current.disposable = subscription
        subscription.setDisposable(next.subscribe(self))
    }

    /// The next source to subscribe, nested `concat`s flattened; nil when none is left.
    private func nextSource() -> Observable<Element>? {
        while var top = stack.popLast() {
            guard let candidate = top.iterator.next() else { continue }
            let remaining = top.remaining.map { $0 - 1 }
            if remaining.map({ $0 >= 1 }) ?? true {
                top.remaining = remaining
                stack.append(top)
            }
            guard let nested = candidate as? Concat<Element>, nested.advancesOnError == advancesOnError else {
                return candidate
            }
            stack.append(nested.pending())
            deepestConcatStack.max(stack.count, ordering: .relaxed)
        }
        return nil
    }

    override func dispose() {
        super.dispose()
        current.dispose()
        gate.close()
    }
}
