import CRxCoreThread
import Foundation

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Sends every event to each of `observers`; recorded in the
    /// ``SubscriptionRegistry`` with the verb `drive`.
    ///
    /// Call it on the main thread, so the replayed element arrives there.
    @_transparent
    public func drive<Observer: ObserverType>(
        _ observers: Observer...
    ) -> Disposable where Observer.Element == Element {
        drive(observers, site: .here())
    }

    /// `drive` with the site its public form takes from its caller.
    @usableFromInline
    func drive<Observer: ObserverType>(
        _ observers: [Observer],
        site: CallSite
    ) -> Disposable where Observer.Element == Element {
        let site = drivingSite(site)
        return asObservable().send(to: observers, verb: .drive, site: site)
    }

    /// Sends every event, with its element made optional, to each of `observers`.
    @_transparent
    public func drive<Observer: ObserverType>(
        _ observers: Observer...
    ) -> Disposable where Observer.Element == Element? {
        drive(observers, site: .here())
    }

    /// `drive` with the site its public form takes from its caller.
    @usableFromInline
    func drive<Observer: ObserverType>(
        _ observers: [Observer],
        site: CallSite
    ) -> Disposable where Observer.Element == Element? {
        let site = drivingSite(site)
        return asObservable().map({ $0 as Element? }, site: site).send(to: observers, verb: .drive, site: site)
    }

    /// Makes each of `relays` accept every element as its new value.
    @_transparent
    public func drive(
        _ relays: BehaviorRelay<Element>...
    ) -> Disposable {
        drive(relays, site: .here())
    }

    /// Makes each of `relays` accept every element, made optional, as its new value.
    @_transparent
    public func drive(
        _ relays: BehaviorRelay<Element?>...
    ) -> Disposable {
        drive(relays, site: .here())
    }

    /// Makes each of `relays` accept and keep every element.
    @_transparent
    public func drive(
        _ relays: ReplayRelay<Element>...
    ) -> Disposable {
        drive(relays, site: .here())
    }

    /// Makes each of `relays` accept and keep every element, made optional.
    @_transparent
    public func drive(
        _ relays: ReplayRelay<Element?>...
    ) -> Disposable {
        drive(relays, site: .here())
    }

    /// `drive` into relays, with the site their public forms take from their caller.
    @usableFromInline
    func drive<Relay: AcceptingRelay>(_ relays: [Relay], site: CallSite) -> Disposable where Relay.Element == Element {
        asObservable().accept(into: relays, verb: .drive, site: drivingSite(site))
    }

    /// `drive` into relays of optional elements, with the site their public forms take from their caller.
    @usableFromInline
    func drive<Relay: AcceptingRelay>(_ relays: [Relay], site: CallSite) -> Disposable where Relay.Element == Element? {
        let site = drivingSite(site)
        return asObservable().map({ $0 as Element? }, site: site).accept(into: relays, verb: .drive, site: site)
    }

    /// Hands the underlying sequence to `transformation` and returns what it returns.
    @_transparent
    public func drive<Result>(
        _ transformation: (Observable<Element>) -> Result
    ) -> Result {
        drive(transformation, site: .here())
    }

    /// `drive` with the site its public form takes from its caller.
    @usableFromInline
    func drive<Result>(
        _ transformation: (Observable<Element>) -> Result,
        site: CallSite
    ) -> Result {
        _ = drivingSite(site)
        return transformation(asObservable())
    }

    /// Hands the underlying sequence to `with`, then `curriedArgument` to the
    /// function it returns, and returns the result.
    @_transparent
    public func drive<R1, R2>(
        _ with: (Observable<Element>) -> (R1) -> R2,
        curriedArgument: R1
    ) -> R2 {
        drive(with, curriedArgument: curriedArgument, site: .here())
    }

    /// `drive` with the site its public form takes from its caller.
    @usableFromInline
    func drive<R1, R2>(
        _ with: (Observable<Element>) -> (R1) -> R2,
        curriedArgument: R1,
        site: CallSite
    ) -> R2 {
        _ = drivingSite(site)
        return with(asObservable())(curriedArgument)
    }

    /// Calls the closures for elements, completion and disposal; recorded in
    /// the ``SubscriptionRegistry`` with the verb `drive`.
    @_transparent
    public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        drive(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, site: .here())
    }

    /// `drive` with the site its public form takes from its caller.
    @usableFromInline
    func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        let site = drivingSite(site)
        return asObservable().subscribeElements(
            verb: .drive, site: site, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Calls the closures with `object`, held weakly: once it is gone, events are ignored.
    @_transparent
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        drive(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, site: .here())
    }

    /// `drive` with the site its public form takes from its caller.
    @usableFromInline
    func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        site: CallSite
    ) -> Disposable {
        let site = drivingSite(site)
        return asObservable().subscribeElements(
            verb: .drive, site: site, with: object,
            onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes without handling anything, to keep the driver's work going.
    @_transparent
    public func drive() -> Disposable {
        drive(site: .here())
    }

    /// `drive` with the site its public form takes from its caller.
    @usableFromInline
    func drive(site: CallSite) -> Disposable {
        drive(onNext: nil, onCompleted: nil, onDisposed: nil, site: site)
    }

    /// The call's site, after checking it is made on the main thread: RxSwift
    /// stops there, RxCore records a ``Diagnostic/Kind/driveOffMainThread``.
    private func drivingSite(_ site: CallSite) -> CallSite {
        if !crxcore_is_main_thread() {
            Resources.record(.driveOffMainThread, in: asObservable().operatorChain.appending("drive"), site: site)
        }
        return site
    }
}
