/// ``Observable``, under the name RxSwift gives it for code that has a type
/// of its own called `Observable`.
public typealias RxObservable<Element> = Observable<Element>

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
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
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

    /// Runs the sequence here and now when it is known at subscription to end
    /// without waiting for anything (`just`, and `map` or `filter` over such a
    /// sequence): passes its element, if any, to `body`, throws its error, and
    /// returns true. Returns false, calling nothing, for any other sequence.
    ///
    /// Subscribing an operator over such a sequence then needs no sink: the
    /// user's closures run in the order, and as often, as the sinks would run
    /// them, and nothing of the subscription outlives its `subscribe` call.
    func forEachImmediate(_ body: (Element) throws -> Void) throws -> Bool { false }

    public func asObservable() -> Observable<Element> { self }
}

extension Observable {
    /// Subscribes `observer` without a sink when ``forEachImmediate(_:)`` can
    /// run this sequence now; nil when it cannot.
    @inline(__always)
    func subscribeImmediately(_ observer: ErasedSink<Element>.Observer) -> Disposable? {
        do {
            guard try forEachImmediate({ observer.onNext($0) }) else { return nil }
            observer.onCompleted()
        } catch {
            deliverImmediateError(error, to: observer)
        }
        return Disposables.create()
    }

    /// Out of line, so that subscribing never sizes a generic `Event`.
    @inline(never)
    private func deliverImmediateError(_ error: Swift.Error, to observer: ErasedSink<Element>.Observer) {
        observer.on(.error(error))
    }
}

extension ObservableConvertibleType {
    /// The operator chain behind this sequence (a bare name for foreign types).
    /// An observable is its own `asObservable()`, so no dynamic cast is needed.
    var operatorChain: OperatorChain { asObservable().chain }
}
