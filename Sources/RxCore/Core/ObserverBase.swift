import Synchronization

/// An observer that enforces the event grammar: after `error` or `completed`
/// it drops further events and records a ``Diagnostic``.
class ObserverBase<Element>: ObserverType, Disposable {
    private let stopped = Atomic<Bool>(false)

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error, .completed:
            if stopped.exchange(true, ordering: .acquiringAndReleasing) {
                Resources.record(.eventAfterTermination, in: "\(type(of: self))")
                return
            }
            onCore(event)
        }
    }

    final func onNext(_ element: Element) {
        if stopped.load(ordering: .acquiring) {
            Resources.record(.eventAfterTermination, in: "\(type(of: self))")
            return
        }
        onNextCore(element)
    }

    /// Handles an event that respects the grammar.
    func onCore(_ event: Event<Element>) {
        fatalError("ObserverBase.onCore must be overridden")
    }

    /// Handles an element that respects the grammar; subclasses that can take
    /// it without an event override this.
    func onNextCore(_ element: Element) {
        onCore(.next(element))
    }

    func dispose() {
        stopped.store(true, ordering: .releasing)
    }
}

private let anonymousObserverKind = ResourceKind("AnonymousObserver", .sink)

/// The observer behind `subscribe`, `bind`, `drive` and `emit`: it hands
/// grammatical events to a closure (elements to `handler` instead when it has
/// one) and ends its subscription after the terminal event.
final class AnonymousObserver<Element>: ObserverBase<Element> {
    private let token = ResourceToken(anonymousObserverKind)
    private let handler: ((Element) -> Void)?
    private let eventHandler: (Event<Element>) -> Void
    /// Held here rather than captured by a wrapping closure: one allocation less.
    private let subscription: SubscriptionHandle

    init(elements handler: ((Element) -> Void)?, subscription: SubscriptionHandle,
         _ eventHandler: @escaping (Event<Element>) -> Void) {
        self.handler = handler
        self.subscription = subscription
        self.eventHandler = eventHandler
    }

    override func onCore(_ event: Event<Element>) {
        eventHandler(event)
        if event.isStopEvent { subscription.terminate() }
    }

    override func onNextCore(_ element: Element) {
        // Optional chaining calls the stored closure without retaining it.
        guard handler != nil else { return handleNextEvent(element) }
        handler?(element)
    }

    /// Out of line, so `onNextCore` never sizes a generic `Event` on its stack.
    @inline(never)
    private func handleNextEvent(_ element: Element) { eventHandler(.next(element)) }
}
