import Synchronization

/// The per-subscription worker of an operator: it receives upstream events and
/// forwards the results to its observer until it is disposed.
class Sink<Observer: ObserverType>: AnySink {
    final let observer: Observer

    init(observer: Observer, cancel: Cancelable, kind: borrowing ResourceKind) {
        self.observer = consume observer
        super.init(cancel: cancel, kind: kind)
    }

    /// A sink whose upstream subscription comes later, through ``attach(_:)``.
    init(observer: Observer, kind: borrowing ResourceKind) {
        self.observer = consume observer
        super.init(kind: kind)
    }

    /// Sends `event` to the observer unless this sink is disposed.
    @inline(__always)
    final func forwardOn(_ event: Event<Observer.Element>) {
        if isDisposed { return }
        observer.on(event)
    }

    /// Sends `element` to the observer unless this sink is disposed, without
    /// building an event (see ``ObserverType/onNext(_:)``).
    @inline(__always)
    final func forwardNext(_ element: Observer.Element) {
        if isDisposed { return }
        observer.onNext(element)
    }

    /// Sends `event` to the observer, then disposes if it ended the sequence:
    /// how a sink that passes events on unchanged ends with its sequence.
    @inline(__always)
    final func forwardEndingOnStop(_ event: Event<Observer.Element>) {
        forwardOn(event)
        if event.isStopEvent { dispose() }
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
        if !isDisposed { observer.onCompleted() }
        dispose()
    }
}

private let disposedBit = 1, attachedBit = 2

/// What a ``Sink`` is apart from its observer: a counted resource that
/// disposes what it holds once. Not generic, so a sink handed on as a
/// `Disposable` costs no lookup of its generic class's metadata and conformance.
///
/// What it holds is the `SinkDisposer` its producer's `run` gave it or, for an
/// operator with one upstream subscription subscribed through
/// ``Observable/subscribe(holder:)``, that subscription, handed to
/// ``attach(_:)``. The sink is then its subscription's disposable and the
/// producer makes no `SinkDisposer` (one object and one allocation less per
/// operator and subscription). Only for a holder: the sink keeps its
/// observer, so whoever kept a finished sink would keep that observer too.
@usableFromInline
class AnySink: Disposable {
    private let token: ResourceToken
    /// `disposedBit`, and `attachedBit` once `held` is set.
    private let state: Atomic<Int>
    /// Written before `state` publishes it, taken once by whoever completes
    /// both attaching and disposal: no overlapping access to check.
    @exclusivity(unchecked) private var held: Disposable

    // Two initialisers rather than one taking `Cancelable?`: an optional
    // existential is copied and destroyed through the runtime's generic
    // `Optional` witnesses, several times per subscription.
    init(cancel: Cancelable, kind: borrowing ResourceKind) {
        self.token = ResourceToken(kind)
        held = consume cancel
        state = Atomic(attachedBit)
    }

    init(kind: borrowing ResourceKind) {
        self.token = ResourceToken(kind)
        held = NopDisposable.shared
        state = Atomic(0)
    }

    /// Holds `subscription`, this sink's upstream, and returns the sink as the
    /// subscription's disposable; a sink disposed meanwhile (its sequence
    /// ended while being subscribed, as `just` does) disposes it at once.
    @usableFromInline
    final func attach(_ subscription: consuming Disposable) -> Disposable {
        held = subscription
        let previous = state.bitwiseOr(attachedBit, ordering: .acquiringAndReleasing).oldValue
        precondition(previous & attachedBit == 0, "Sink attached twice")
        if previous & disposedBit != 0 { releaseHeld() }
        return self
    }

    final var isDisposed: Bool { state.load(ordering: .acquiring) & disposedBit != 0 }

    @usableFromInline
    func dispose() {
        let previous = state.bitwiseOr(disposedBit, ordering: .acquiringAndReleasing).oldValue
        if previous & disposedBit == 0, previous & attachedBit != 0 { releaseHeld() }
    }

    private func releaseHeld() {
        var held: Disposable = NopDisposable.shared
        swap(&self.held, &held)
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
        sink.forwardEndingOnStop(event)
    }
}

/// A sink that passes every event on unchanged and ends with its sequence:
/// for operators whose work is all in subscribing (`delaySubscription`,
/// `using`), counted under their own resource kind.
final class ForwardingSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    func on(_ event: Event<Observer.Element>) {
        forwardEndingOnStop(event)
    }
}

/// A sink whose work is all in `onNext(_:)`: it ends its sequence with its
/// source's. ``Sink`` and ``ErasedSink`` provide the two requirements.
@usableFromInline
protocol ElementSink: ObserverType {
    func forwardError(_ error: Swift.Error)
    func forwardCompleted()
}

extension ElementSink {
    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
