import Synchronization

/// An observable that makes a fresh ``Sink`` for every subscription.
///
/// Subscribing runs on the ``CurrentThreadScheduler`` trampoline, as RxSwift
/// does, so work scheduled recursively during a subscription is queued in the
/// same order RxSwift would run it.
@usableFromInline
class Producer<Element>: Observable<Element> {
    // Inlined, with `Observable.init`, into each operator's initialiser:
    // without an initialiser of its own, `Producer` inherits one that is
    // called out of line for every operator built.
    @inline(__always)
    override init(kind: borrowing ResourceKind, chain: OperatorChain) {
        super.init(kind: kind, chain: chain)
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        CurrentThreadScheduler.trampoline { subscribeNow(observer) }
    }

    private func subscribeNow<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let disposer = SinkDisposer()
        let (sink, subscription) = run(observer, cancel: disposer)
        disposer.set(sink: sink, subscription: subscription)
        return disposer
    }

    /// Subclasses make their sink and subscribe it upstream.
    func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        fatalError("Producer.run must be overridden by \(type(of: self))")
    }
}

/// Disposes a producer's sink and upstream subscription, whichever order
/// disposal and assignment happen in.
final class SinkDisposer: Cancelable, @unchecked Sendable {
    private static let assigned = 1, disposed = 2
    private let state = Atomic<Int>(0)
    // Written before the atomic state publishes them, taken once by whoever
    // completes assignment and disposal: no overlapping access to check.
    @exclusivity(unchecked) private var sink: Disposable?
    @exclusivity(unchecked) private var subscription: Disposable?

    var isDisposed: Bool { state.load(ordering: .acquiring) & Self.disposed != 0 }

    func set(sink: Disposable, subscription: Disposable) {
        self.sink = sink
        self.subscription = subscription
        let previous = state.bitwiseOr(Self.assigned, ordering: .acquiringAndReleasing).oldValue
        precondition(previous & Self.assigned == 0, "SinkDisposer assigned twice")
        if previous & Self.disposed != 0 { releaseParts() }
    }

    func dispose() {
        let previous = state.bitwiseOr(Self.disposed, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.disposed == 0, previous & Self.assigned != 0 { releaseParts() }
    }

    private func releaseParts() {
        // Moved out rather than copied and then cleared.
        let sink = self.sink.take(), subscription = self.subscription.take()
        sink?.dispose()
        subscription?.dispose()
    }
}
