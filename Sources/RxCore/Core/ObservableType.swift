/// A type that can be turned into an ``Observable``.
public protocol ObservableConvertibleType {
    /// The type of elements in the sequence.
    associatedtype Element

    /// The sequence as an ``Observable``.
    func asObservable() -> Observable<Element>
}

/// A push-based sequence of elements.
public protocol ObservableType: ObservableConvertibleType {
    /// Subscribes `observer` to the sequence; disposing the result stops delivery at once.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}
