/// Something that receives the events of a sequence.
public protocol ObserverType<Element> {
    /// The type of elements received.
    associatedtype Element

    /// Receives one event.
    func on(_ event: Event<Element>)

    /// Receives one element: the same as `on(.next(element))`, which is what
    /// it does unless the observer implements it. RxCore's own observers do,
    /// so an element passes through a chain without an ``Event`` being built,
    /// copied and switched on at every step.
    func onNext(_ element: Element)

    /// Receives completion: the same as `on(.completed)`, which is what it
    /// does unless the observer implements it (as RxCore's inner-sequence
    /// observers do, for sequences such as `just` that complete at once).
    func onCompleted()

    /// This observer as a class-bound existential when it is an object, else
    /// `nil`. RxCore's sinks hold an observer this way: two words, called
    /// without looking into an existential box. Every observer gets it from
    /// the extensions below; not meant to be implemented.
    var _objectObserver: (any ObserverType<Element> & AnyObject)? { get }
}

extension ObserverType where Self: AnyObject {
    /// This observer itself.
    public var _objectObserver: (any ObserverType<Element> & AnyObject)? { self }
}

extension ObserverType {
    /// `nil`: a value observer has no class-bound form.
    public var _objectObserver: (any ObserverType<Element> & AnyObject)? { nil }

    /// Sends `.next(element)`.
    public func onNext(_ element: Element) { on(.next(element)) }
    /// Sends `.completed`.
    public func onCompleted() { on(.completed) }
    /// Sends `.error(error)`.
    public func onError(_ error: Swift.Error) { on(.error(error)) }

    /// This observer, type-erased.
    public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }

    /// An observer that transforms elements with `transform` before sending them here.
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver { event in self.on(event.map(transform)) }
    }
}

/// A type-erased observer.
public struct AnyObserver<Element>: ObserverType {
    /// The function that handles events.
    public typealias EventHandler = (Event<Element>) -> Void
    private let observer: EventHandler

    /// An observer that hands each event to `eventHandler`.
    public init(eventHandler: @escaping EventHandler) {
        self.observer = eventHandler
    }

    /// An observer that forwards to `observer`.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.observer = observer.on
    }

    public func on(_ event: Event<Element>) { observer(event) }

    /// Itself.
    public func asObserver() -> AnyObserver<Element> { self }
}
