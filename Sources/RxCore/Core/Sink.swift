import Synchronization

/// The per-subscription worker of an operator: it receives upstream events and
/// forwards the results to its observer until it is disposed.
class Sink<Observer: ObserverType>: Disposable {
    private let token: ResourceToken
    final let observer: Observer
    /// What disposing the sink disposes: its producer's `SinkDisposer`, or nil
    /// for an ``UpstreamSink``, which holds its upstream itself.
    private let cancel: Cancelable?
    private let disposed = DisposedFlag()

    init(observer: Observer, cancel: Cancelable?, kind: ResourceKind) {
        self.token = ResourceToken(kind)
        self.observer = observer
        self.cancel = cancel
    }

    /// Sends `event` to the observer unless this sink is disposed.
    @inline(__always)
    final func forwardOn(_ event: Event<Observer.Element>) {
        if disposed.isSet { return }
        observer.on(event)
    }

    /// Sends `element` to the observer unless this sink is disposed, without
    /// building an event (see ``ObserverType/onNext(_:)``).
    @inline(__always)
    final func forwardNext(_ element: Observer.Element) {
        if disposed.isSet { return }
        observer.onNext(element)
    }

    /// Sends `error` to the observer, then disposes: how a sink ends when the
    /// user's closure throws. Out of line, so the element path of a sink that
    /// calls it never sizes a generic `Event` on its stack.
    @inline(never)
    final func forwardError(_ error: Swift.Error) {
        forwardOn(.error(error))
        dispose()
    }

    /// Sends completion to the observer, then disposes. Through the observer's
    /// `onCompleted()`, so no generic `Event` is built (a metadata lookup each).
    final func forwardCompleted() {
        if !disposed.isSet { observer.onCompleted() }
        dispose()
    }

    final var isDisposed: Bool { disposed.isSet }

    func dispose() {
        if disposed.set() { cancel?.dispose() }
    }
}

private let upstreamAttached = 1, upstreamGone = 2

/// A sink with one upstream subscription, which it can hold itself: then it
/// is its subscription's disposable and its producer makes no `SinkDisposer`
/// (one object and one allocation less per operator and subscription).
///
/// Only for an observer that lets go of its upstream once it is disposed or
/// its sequence ends (see ``Observable/subscribe(holder:)``): the sink keeps
/// its observer, so a holder that kept a finished sink would keep it too.
/// An ``UpstreamSink`` is such an observer itself.
class UpstreamSink<Observer: ObserverType>: Sink<Observer>, Cancelable, @unchecked Sendable {
    /// Written before `upstreamState` publishes it, taken once by whoever
    /// completes both attaching and disposal: no overlapping access to check.
    @exclusivity(unchecked) private var upstream: Disposable = NopDisposable.shared
    private let upstreamState = Atomic<Int>(0)


    /// Keeps `subscription`, the sink's upstream, and returns the sink as the
    /// subscription's disposable. A sink disposed meanwhile (its sequence
    /// ended while being subscribed, as `just` does) disposes it at once.
    final func attach(_ subscription: Disposable) -> Disposable {
        upstream = subscription
        let previous = upstreamState.bitwiseOr(upstreamAttached, ordering: .acquiringAndReleasing).oldValue
        if previous & upstreamGone != 0 { releaseUpstream() }
        return self
    }

    /// Disposes the `SinkDisposer` when subscribed through the producer's
    /// `run`, else the upstream this sink holds.
    override func dispose() {
        super.dispose()
        let previous = upstreamState.bitwiseOr(upstreamGone, ordering: .acquiringAndReleasing).oldValue
        if previous & upstreamGone == 0, previous & upstreamAttached != 0 { releaseUpstream() }
    }

    private func releaseUpstream() {
        var held: Disposable = NopDisposable.shared
        swap(&upstream, &held)
        held.dispose()
    }
}

/// Sends the events of a sequence a sink switched to (the one `catch` or
/// `timeout` subscribes after the source failed or went quiet) through that
/// sink, disposing it once the sequence ends.
final class SinkForward<Observer: ObserverType>: ObserverType {
    private let sink: Sink<Observer>

    init(_ sink: Sink<Observer>) { self.sink = sink }

    func on(_ event: Event<Observer.Element>) {
        sink.forwardOn(event)
        if event.isStopEvent { sink.dispose() }
    }
}

/// A sink that passes every event on unchanged and ends with its sequence:
/// for operators whose work is all in subscribing (`delaySubscription`,
/// `using`), counted under their own resource kind.
final class ForwardingSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    func on(_ event: Event<Observer.Element>) {
        forwardOn(event)
        if event.isStopEvent { dispose() }
    }
}
