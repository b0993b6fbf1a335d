import Synchronization

/// An observer that enforces the event grammar: after `error` or `completed`
/// it drops further events and records a ``Diagnostic``.
///
/// A `SubjectObserverBase`, so that a subject keeps it as its entry as it is.
class ObserverBase<Element>: SubjectObserverBase<Element>, ObserverType, Disposable {
    private let stopped = Atomic<Bool>(false)

    override func on(_ event: Event<Element>) {
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

    override final func onNext(_ element: Element) {
        if stopped.load(ordering: .acquiring) {
            Resources.record(.eventAfterTermination, in: "\(type(of: self))")
            return
        }
        onNextCore(element)
    }

    final func onCompleted() {
        if stopped.exchange(true, ordering: .acquiringAndReleasing) {
            Resources.record(.eventAfterTermination, in: "\(type(of: self))")
            return
        }
        onCompletedCore()
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

    /// Handles completion that respects the grammar; subclasses that can take
    /// it without an event override this.
    func onCompletedCore() {
        onCore(.completed)
    }

    func dispose() {
        stopped.store(true, ordering: .releasing)
    }
}

private let anonymousObserverKind = ResourceKind("AnonymousObserver", .sink)

/// The observer behind `subscribe`, `bind`, `drive` and `emit`: it hands
/// grammatical events to `eventHandler`, or, for `subscribe(onNext:…)`,
/// each kind of event to its own handler, kept here rather than in a closure
/// that would dispatch them (one allocation less per subscription); it ends
/// its subscription after the terminal event.
final class AnonymousObserver<Element>: ObserverBase<Element> {
    private let token = ResourceToken(anonymousObserverKind)
    private let handler: ((Element) -> Void)?
    private let errorHandler: ((Swift.Error) -> Void)?
    private let completionHandler: (() -> Void)?
    private let eventHandler: ((Event<Element>) -> Void)?
    /// Where the subscription was made, for the default error handler.
    private let site: CallSite
    private let subscription: SubscriptionHandle

    init(elements handler: ((Element) -> Void)?, error errorHandler: ((Swift.Error) -> Void)?,
         completed completionHandler: (() -> Void)?, events eventHandler: ((Event<Element>) -> Void)?,
         site: CallSite, subscription: SubscriptionHandle) {
        self.handler = handler
        self.errorHandler = errorHandler
        self.completionHandler = completionHandler
        self.eventHandler = eventHandler
        self.site = site
        self.subscription = subscription
    }

    override func onCore(_ event: Event<Element>) {
        if let eventHandler {
            eventHandler(event)
        } else {
            switch event {
            case .next(let element): handler?(element)
            case .error(let error):
                if let errorHandler { errorHandler(error) } else { Hooks.reportUnhandled(error, subscribedAt: site) }
            case .completed: completionHandler?()
            }
        }
        if event.isStopEvent { subscription.terminate() }
    }

    override func onNextCore(_ element: Element) {
        // Optional chaining calls the stored closure without retaining it.
        guard handler != nil else { return handleNextEvent(element) }
        handler?(element)
    }

    override func onCompletedCore() {
        if eventHandler != nil { handleCompletedEvent() } else { completionHandler?() }
        subscription.terminate()
    }

    /// Out of line, so `onNextCore` never sizes a generic `Event` on its stack.
    @inline(never)
    private func handleNextEvent(_ element: Element) { eventHandler?(.next(element)) }

    /// Out of line for the same reason as ``handleNextEvent(_:)``.
    @inline(never)
    private func handleCompletedEvent() { eventHandler?(.completed) }
}
