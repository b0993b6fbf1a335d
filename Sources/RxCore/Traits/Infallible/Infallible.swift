/// A sequence that never fails: it sends elements and may complete.
///
/// RxSwift 6's `Infallible`. Make one from any observable with
/// ``ObservableConvertibleType/asInfallible(onErrorJustReturn:file:line:)`` and its
/// siblings, which say what an error becomes, or with ``Infallible/create(subscribe:file:line:)``.
public protocol InfallibleType: ObservableConvertibleType {}

/// An observable sequence that never fails. See ``InfallibleType``.
public struct Infallible<Element>: InfallibleType {
    private let source: Observable<Element>

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
    /// What ``create(subscribe:file:line:)`` hands its closure: sends one event.
    public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void

    /// A sequence whose subscriptions each run `subscribe`, which sends events
    /// through the function it is given and returns what disposing the
    /// subscription disposes.
    public static func create(
        subscribe: @escaping (@escaping InfallibleObserver) -> Disposable,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(Observable.create({ observer in
            subscribe { event in observer.on(event.event) }
        }, file: file, line: line))
    }
}

extension InfallibleType {
    /// Subscribes closures for elements, completion and disposal; there is no
    /// error to handle. Recorded in the ``SubscriptionRegistry`` like any subscription.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed,
                                 file: file, line: line, function: function)
    }

    /// Subscribes closures that receive `object` along with each event, holding
    /// `object` weakly: once it is gone, events are ignored.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed,
                                 file: file, line: line, function: function)
    }

    /// Subscribes a closure that receives every event.
    public func subscribe(
        _ on: @escaping (InfallibleEvent<Element>) -> Void,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().subscribe({ event in
            switch event {
            case .next(let element): on(.next(element))
            case .completed: on(.completed)
            case .error(let error): Hooks.reportUnhandled(error, subscribedAt: CallSite(file: file, line: line, function: function))
            }
        }, file: file, line: line, function: function)
    }
}
