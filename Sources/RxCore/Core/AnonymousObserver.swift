import Synchronization

private let anonymousObserverKind = ResourceKind("AnonymousObserver", .sink)

/// The observer behind `subscribe`, `bind`, `drive` and `emit`.
///
/// It hands grammatical events to `eventHandler`, or, for
/// `subscribe(onNext:…)`, each kind of event to its own handler, kept here
/// rather than in a closure that would dispatch them (one allocation less per
/// subscription); after `error` or `completed` it drops further events,
/// recording a ``Diagnostic``, and ends its subscription.
///
/// A `SubjectObserverBase`, so that a subject keeps it as its entry as it is
/// and reaches its `onNext` in one virtual call.
@usableFromInline
final class AnonymousObserver<Element>: SubjectObserverBase<Element>, ObserverType {
    // The fields every element reads come first, on the object's first cache line.
    private let stopped = Atomic<Bool>(false)
    private let handler: ((Element) -> Void)?
    private let errorHandler: ((Swift.Error) -> Void)?
    private let completionHandler: (() -> Void)?
    private let eventHandler: ((Event<Element>) -> Void)?
    /// The subscription, which also records where it was made: for the
    /// default error handler, and for the leak engine, which names the
    /// handlers above by the site of the object they sit beside or of the one
    /// it refers to (a copy here would cost 32 bytes per subscription).
    private let subscription: SubscriptionHandle

    @usableFromInline
    init(
        elements handler: ((Element) -> Void)?, error errorHandler: ((Swift.Error) -> Void)?,
        completed completionHandler: (() -> Void)?, events eventHandler: ((Event<Element>) -> Void)?,
        subscription: SubscriptionHandle
    ) {
        // Moved, not copied (see `Map.init`).
        self.handler = consume handler
        self.errorHandler = consume errorHandler
        self.completionHandler = consume completionHandler
        self.eventHandler = consume eventHandler
        // Counted without a token: made in its subscription's call, so in its
        // scope, and holding the subscription's handle until it goes.
        #if !RXCORE_NO_ACCOUNTING
        ResourceCount.made(anonymousObserverKind)
        subscription.scope?.resourceCreated(anonymousObserverKind.index)
        #endif
        self.subscription = consume subscription
    }

    deinit {
        // Through an unretained reference: the handle is held until this
        // deinit ends, and a retain and release would cost more than the count.
        #if !RXCORE_NO_ACCOUNTING
        ResourceCount.freed(anonymousObserverKind)
        Unmanaged.passUnretained(subscription)._withUnsafeGuaranteedRef {
            $0.scope?.resourceReleased(anonymousObserverKind.index)
        }
        #endif
    }

    @usableFromInline
    override func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error, .completed:
            if stopped.exchange(true, ordering: .acquiringAndReleasing) { return recordEventAfterTermination() }
            handleTerminal(event)
        }
    }

    @usableFromInline
    override func onNext(_ element: Element) {
        if stopped.load(ordering: .acquiring) { return recordEventAfterTermination() }
        // Optional chaining calls the stored closure without retaining it.
        if handler != nil {
            handler?(element)
        } else if eventHandler != nil {
            handleNextEvent(element)
        }
    }

    @usableFromInline
    func onCompleted() {
        if stopped.exchange(true, ordering: .acquiringAndReleasing) { return recordEventAfterTermination() }
        if eventHandler != nil { handleCompletedEvent() } else { completionHandler?() }
        subscription.terminate()
    }

    private func handleTerminal(_ event: Event<Element>) {
        if let eventHandler {
            eventHandler(event)
        } else if case .error(let error) = event {
            if let errorHandler {
                errorHandler(error)
            } else {
                Hooks.reportUnhandled(error, subscribedAt: subscription.site)
            }
        } else {
            completionHandler?()
        }
        subscription.terminate()
    }

    @inline(never)
    private func recordEventAfterTermination() {
        Resources.record(.eventAfterTermination, in: "\(type(of: self))")
    }

    /// Out of line, so `onNext` never sizes a generic `Event` on its stack.
    @inline(never)
    private func handleNextEvent(_ element: Element) { eventHandler?(.next(element)) }

    /// Out of line for the same reason as ``handleNextEvent(_:)``.
    @inline(never)
    private func handleCompletedEvent() { eventHandler?(.completed) }
}
