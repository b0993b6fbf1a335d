import CRxCoreThread
import Foundation

// The site forms below do the work; their public forms, which hand them
// their caller's site, are generated (Subscribe.generated.swift).

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// `drive` with the site its public form takes from its caller.
    @usableFromInline
    func drive<Observer: ObserverType>(
        _ observers: [Observer],
        site: CallSite
    ) -> Disposable where Observer.Element == Element {
        let site = drivingSite(site)
        return asObservable().send(to: observers, verb: .drive, site: site)
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

    /// `drive` with the site its public form takes from its caller.
    @usableFromInline
    func drive<Result>(
        _ transformation: (Observable<Element>) -> Result,
        site: CallSite
    ) -> Result {
        _ = drivingSite(site)
        return transformation(asObservable())
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
