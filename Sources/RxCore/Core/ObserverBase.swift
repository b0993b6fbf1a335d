import Synchronization

/// An observer that enforces the event grammar: after `error` or `completed`
/// it drops further events and records a ``Diagnostic``.
class ObserverBase<Element>: ObserverType, Disposable {
    private let stopped = Atomic<Bool>(false)

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if stopped.load(ordering: .acquiring) {
                Resources.record(.eventAfterTermination, in: "\(type(of: self))")
                return
            }
            onCore(event)
        case .error, .completed:
            if stopped.exchange(true, ordering: .acquiringAndReleasing) {
                Resources.record(.eventAfterTermination, in: "\(type(of: self))")
                return
            }
            onCore(event)
        }
    }

    /// Handles an event that respects the grammar.
    func onCore(_ event: Event<Element>) {
        fatalError("ObserverBase.onCore must be overridden")
    }

    func dispose() {
        stopped.store(true, ordering: .releasing)
    }
}

private let anonymousObserverKind = ResourceKind("AnonymousObserver", .sink)

/// An observer that hands grammatical events to a closure.
final class AnonymousObserver<Element>: ObserverBase<Element> {
    private let token = ResourceToken(anonymousObserverKind)
    private let handler: (Event<Element>) -> Void

    init(_ handler: @escaping (Event<Element>) -> Void) {
        self.handler = handler
    }

    override func onCore(_ event: Event<Element>) { handler(event) }
}
