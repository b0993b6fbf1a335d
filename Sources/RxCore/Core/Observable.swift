/// A type-erased sequence, the base of every RxCore sequence.
///
/// Every live observable counts as a resource, as in RxSwift.
public class Observable<Element>: ObservableType {
    private let token: ResourceToken
    /// The operators this sequence was built from, for subscription records.
    @usableFromInline
    let chain: OperatorChain

    @inline(__always)
    init(kind: borrowing ResourceKind, chain: OperatorChain) {
        self.token = ResourceToken(kind)
        self.chain = consume chain
    }

    /// Subclasses override this; the base class has no events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        fatalError("Observable.subscribe must be overridden by \(type(of: self))")
    }

    /// Subscribes the observer behind `subscribe`, `bind` and `drive` when
    /// this sequence keeps it as it is, attaching what ends it to `handle`, and
    /// returns true; false leaves both untouched (the observer is then
    /// subscribed through `subscribe(holder:)`, as is one a subject refuses). A subject keeps the observer
    /// as its own entry and its key in the handle: no box around the observer
    /// and no disposable object, two allocations and a metadata lookup less
    /// per subscription. False rather than a default that calls `subscribe(_:)`,
    /// which would look up the observer's metadata once more.
    @usableFromInline
    func subscribe(entry observer: AnonymousObserver<Element>, into handle: SubscriptionHandle) -> Bool { false }

    /// Subscribes an observer that disposes or drops the returned disposable
    /// once it is disposed itself or its sequence ends, as
    /// ``SubscriptionHandle`` and a ``Sink`` holding its upstream do. A producer may then
    /// return its sink itself, with no `SinkDisposer` to let go of the sink
    /// for a holder that would keep it.
    @usableFromInline
    func subscribe(holder observer: ErasedSink<Element>.Observer) -> Disposable {
        subscribe(observer)
    }

    public func asObservable() -> Observable<Element> { self }
}

extension ObservableConvertibleType {
    /// The operator chain behind this sequence (a bare name for foreign types).
    /// An observable is its own `asObservable()`, so no dynamic cast is needed.
    var operatorChain: OperatorChain { asObservable().chain }
}
