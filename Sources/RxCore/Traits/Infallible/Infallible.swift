/// A sequence that never fails: it sends elements and may complete.
///
/// RxSwift 6's `Infallible`. Make one from any observable with
/// ``ObservableConvertibleType/asInfallible(onErrorJustReturn:)`` and its
/// siblings, which say what an error becomes, or with ``Infallible/create(subscribe:)``.
public protocol InfallibleType: ObservableConvertibleType {}

/// An observable sequence that never fails. See ``InfallibleType``.
public struct Infallible<Element>: InfallibleType {
    private let source: Observable<Element>

    /// Wraps `source`, which must not fail. Usable from inlinable code: the
    /// transparent operators that record their caller's site build with it.
    @usableFromInline
    init(_ source: Observable<Element>) {
        self.source = source
    }

    /// The sequence as an ``Observable``, which never sends an error.
    public func asObservable() -> Observable<Element> { source }
}

/// An event of an ``Infallible``: an element or completion, never an error.
public enum InfallibleEvent<Element> {
    /// The next element.
    case next(Element)
    /// The sequence ended.
    case completed
}

extension InfallibleEvent: EventConvertible {
    /// The event as an ``Event``.
    public var event: Event<Element> {
        switch self {
        case .next(let element): .next(element)
        case .completed: .completed
        }
    }
}

extension Infallible {
    /// What ``create(subscribe:)`` hands its closure: sends one event.
    public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void

    /// A sequence whose subscriptions each run `subscribe`, which sends events
    /// through the function it is given and returns what disposing the
    /// subscription disposes.
    @_transparent
    public static func create(
        subscribe: @escaping (@escaping InfallibleObserver) -> Disposable
    ) -> Infallible<Element> {
        create(subscribe: subscribe, site: .here())
    }

    /// `create` with the site its public form takes from its caller.
    @usableFromInline
    static func create(
        subscribe: @escaping (@escaping InfallibleObserver) -> Disposable,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(
            Observable.create(
                { observer in
                    subscribe { event in observer.on(event.event) }
                }, site: site))
    }
}

extension InfallibleType {
    /// Subscribes closures for elements, completion and disposal; there is no
    /// error to handle. Recorded in the ``SubscriptionRegistry`` like any subscription.
    @_transparent
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, site: .here())
    }

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        asObservable().subscribe(
            onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed,
            site: site)
    }

    /// Subscribes closures that receive `object` along with each event, holding
    /// `object` weakly: once it is gone, events are ignored.
    @_transparent
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, site: .here())
    }

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        asObservable().subscribe(
            with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed,
            site: site)
    }

    /// Subscribes a closure that receives every event.
    @_transparent
    public func subscribe(
        _ on: @escaping (InfallibleEvent<Element>) -> Void
    ) -> Disposable {
        subscribe(on, site: .here())
    }

    /// `subscribe` with the site its public form takes from its caller.
    @usableFromInline
    func subscribe(
        _ on: @escaping (InfallibleEvent<Element>) -> Void,
        site: CallSite
    ) -> Disposable {
        asObservable().subscribe(
            { event in
                switch event {
                case .next(let element): on(.next(element))
                case .completed: on(.completed)
                case .error(let error): Hooks.reportUnhandled(error, subscribedAt: site)
                }
            }, site: site)
    }
}
