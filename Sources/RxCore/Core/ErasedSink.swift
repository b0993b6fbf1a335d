/// The sink of a ``ClosureProducer`` (`map`, `filter`): it holds its observer
/// as a class-bound existential rather than as a generic parameter, so that
/// its class depends on element types only.
///
/// An operator's inlinable function can then hand its producer a function that
/// makes the sink, compiled at the caller's own element types: subscribing
/// asks the runtime for no generic metadata and no witness table, which for a
/// generic sink is a hashed lookup of each per subscription.
///
/// Its forwarding mirrors ``Sink``'s rather than deriving from
/// `Sink<SomeWrapper<Element>>`: the generic base class would initialise,
/// copy and destroy the observer through value witnesses (260 instructions
/// more per `just.map.filter` subscription, measured with callgrind).
@usableFromInline
class ErasedSink<Element>: AnySink {
    @usableFromInline
    typealias Observer = any ObserverType<Element> & AnyObject

    final let observer: Observer
    /// Where the operator's user closure was handed over: a leak report
    /// reads it to place that closure.
    final let site: CallSite

    /// A sink whose upstream subscription comes later, through ``AnySink/attach(_:)``.
    init(site: CallSite, observer: consuming Observer, kind: borrowing ResourceKind) {
        self.observer = consume observer
        self.site = site
        super.init(kind: kind)
    }

    /// Sends `event` to the observer unless this sink is disposed.
    @inline(__always)
    final func forwardOn(_ event: Event<Element>) {
        if isDisposed { return }
        observer.on(event)
    }

    /// Sends `element` to the observer unless this sink is disposed.
    @inline(__always)
    final func forwardNext(_ element: Element) {
        if isDisposed { return }
        observer.onNext(element)
    }

    /// Sends `error` to the observer, then disposes; out of line, as in ``Sink``.
    @usableFromInline @inline(never)
    final func forwardError(_ error: Swift.Error) {
        forwardOn(.error(error))
        dispose()
    }

    /// Sends completion to the observer, then disposes.
    @usableFromInline
    final func forwardCompleted() {
        if !isDisposed { observer.onCompleted() }
        dispose()
    }

    /// The sinks' ``ObserverType/onCompleted()``, which builds no `Event`.
    @usableFromInline
    final func onCompleted() { forwardCompleted() }
}

/// A value observer (``AnyObserver``, a `Binder`) kept by an ``ErasedSink``.
final class ObserverBox<Base: ObserverType>: ObserverType {
    private let base: Base

    init(_ base: Base) { self.base = base }

    func on(_ event: Event<Base.Element>) { base.on(event) }
    func onNext(_ element: Base.Element) { base.onNext(element) }
    func onCompleted() { base.onCompleted() }
}
