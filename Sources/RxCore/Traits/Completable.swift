/// The trait of a sequence that ends with completion or an error, and has no elements.
public enum CompletableTrait {}

/// A sequence that ends with completion or an error, and has no elements.
public typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

/// The outcome of a ``Completable``.
@frozen public enum CompletableEvent {
    /// It failed.
    case error(Swift.Error)
    /// It completed.
    case completed
}

// The site forms below do the work; their public forms, which hand them
// their caller's site, are generated (Subscribe.generated.swift).

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// What `create(subscribe:)` hands its closure: call it once with the outcome.
    public typealias CompletableObserver = (CompletableEvent) -> Void

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        if let onCompleted { ClosureSites.note(onCompleted, "subscribe(onCompleted:)", site) }
        if let onError { ClosureSites.note(onError, "subscribe(onError:)", site) }
        if let onDisposed { ClosureSites.note(onDisposed, "subscribe(onDisposed:)", site) }
        return subscribeOutcome(site: site, onDisposed: onDisposed) { event in
            switch event {
            case .error(let error):
                if let onError { onError(error) } else { Hooks.reportUnhandled(error, subscribedAt: site) }
            case .completed: onCompleted?()
            }
        }
    }

    /// A completable that completes at once.
    public static func empty() -> Completable {
        Completable(raw: Observable.empty())
    }
}

extension ObservableType where Element == Never {
    /// The sequence as a ``Completable``.
    public func asCompletable() -> Completable {
        Completable(raw: asObservable())
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The outcome without the element.
    public func asCompletable() -> Completable {
        Completable(raw: primitiveSequence.source.ignoreElements())
    }
}
