/// The trait of a sequence that ends with one element, no element, or an error.
public enum MaybeTrait {}

/// A sequence that ends with one element, no element, or an error.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// The outcome of a ``Maybe``.
@frozen public enum MaybeEvent<Element> {
    /// It ended with this element.
    case success(Element)
    /// It failed.
    case error(Swift.Error)
    /// It ended without an element.
    case completed
}

// The site forms below do the work; their public forms, which hand them
// their caller's site, are generated (Subscribe.generated.swift).

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// What `create(subscribe:)` hands its closure: call it once with the outcome.
    public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        if let onSuccess { ClosureSites.note(onSuccess, "subscribe(onSuccess:)", site) }
        if let onError { ClosureSites.note(onError, "subscribe(onError:)", site) }
        if let onCompleted { ClosureSites.note(onCompleted, "subscribe(onCompleted:)", site) }
        if let onDisposed { ClosureSites.note(onDisposed, "subscribe(onDisposed:)", site) }
        return subscribeOutcome(site: site, onDisposed: onDisposed) { event in
            switch event {
            case .next(let element): onSuccess?(element)
            case .error(let error):
                if let onError { onError(error) } else { Hooks.reportUnhandled(error, subscribedAt: site) }
            case .completed: onCompleted?()
            }
        }
    }

    /// A maybe that succeeds with `element`.
    public static func just(_ element: Element) -> Maybe<Element> {
        Maybe(raw: Observable.just(element))
    }

    /// A maybe that succeeds with `element` on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A maybe that completes without an element.
    public static func empty() -> Maybe<Element> {
        Maybe(raw: Observable.empty())
    }
}
