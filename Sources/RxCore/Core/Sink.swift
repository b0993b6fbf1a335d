/// The per-subscription worker of an operator: it receives upstream events and
/// forwards the results to its observer until it is disposed.
class Sink<Observer: ObserverType>: Disposable {
    private let token: ResourceToken
    final let observer: Observer
    final let cancel: Cancelable
    private let disposed = DisposedFlag()

    init(observer: Observer, cancel: Cancelable, kind: ResourceKind) {
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

    /// Sends completion to the observer, then disposes; out of line for the
    /// same reason as ``forwardError(_:)``.
    @inline(never)
    final func forwardCompleted() {
        forwardOn(.completed)
        dispose()
    }

    final var isDisposed: Bool { disposed.isSet }

    func dispose() {
        if disposed.set() { cancel.dispose() }
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
