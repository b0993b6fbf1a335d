/// The producer `map` and `filter` share: one source, and one user closure
/// with the site it was handed over at.
///
/// The closure itself stays in the subclass, at its own function type: stored
/// here as a generic `(SourceElement) throws -> Result`, `filter`'s `Bool`
/// would be returned indirectly, through a reabstraction thunk per element.
@usableFromInline
class ClosureProducer<SourceElement, Element>: Producer<Element> {
    /// Makes the sink for this producer (which it downcasts unchecked to the
    /// subclass) and an observer: a closure of the operator's inlinable
    /// function, compiled at the caller's element types, so that subscribing
    /// looks up no generic metadata or witness table.
    @usableFromInline
    typealias SinkMaker = (ClosureProducer, ErasedSink<Element>.Observer) -> any AnySink & ObserverType<SourceElement>

    @usableFromInline let source: Observable<SourceElement>
    @usableFromInline let site: CallSite
    private let makeSink: SinkMaker

    // Inlined into the subclass's initialiser, and so into its allocating one.
    @inline(__always)
    init(
        source: consuming Observable<SourceElement>, site: CallSite, makeSink: @escaping SinkMaker,
        kind: borrowing ResourceKind, name: String
    ) {
        let chain = OperatorChain.applying(name, to: source.chain)
        // Moved, not copied: a copy and the argument's release would be two
        // atomic operations each.
        self.source = consume source
        self.site = site
        self.makeSink = consume makeSink
        super.init(kind: kind, chain: chain)
    }

    final override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        // A value observer (`AnyObserver`, a `Binder`) is kept in a box. The
        // sink holds `cancel` before it subscribes: ending, it disposes the
        // whole subscription.
        let sink = makeSink(self, observer._objectObserver ?? ObserverBox(observer))
        _ = sink.attach(cancel)
        return (sink, source.subscribe(holder: sink))
    }

    final override func subscribe(holder observer: ErasedSink<Element>.Observer) -> Disposable {
        CurrentThreadScheduler.trampoline { subscribeImmediately(observer) ?? subscribeSink(observer) }
    }

    private func subscribeSink(_ observer: ErasedSink<Element>.Observer) -> Disposable {
        let sink = makeSink(self, observer)
        return sink.attach(source.subscribe(holder: sink))
    }
}
