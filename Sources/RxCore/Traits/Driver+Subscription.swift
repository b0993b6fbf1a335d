import Foundation

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Sends every event to each of `observers`; recorded in the
    /// ``SubscriptionRegistry`` with the verb `drive`.
    ///
    /// Call it on the main thread, so the replayed element arrives there.
    public func drive<Observer: ObserverType>(
        _ observers: Observer...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable where Observer.Element == Element {
        let site = drivingSite(file, line, function)
        return asObservable().send(to: observers, verb: .drive, site: site)
    }

    /// Sends every event, with its element made optional, to each of `observers`.
    public func drive<Observer: ObserverType>(
        _ observers: Observer...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable where Observer.Element == Element? {
        let site = drivingSite(file, line, function)
        return asObservable().map({ $0 as Element? }, file: file, line: line).send(to: observers, verb: .drive, site: site)
    }

    /// Makes each of `relays` accept every element as its new value.
    public func drive(
        _ relays: BehaviorRelay<Element>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        let site = drivingSite(file, line, function)
        return asObservable().accept(into: relays, verb: .drive, site: site)
    }

    /// Makes each of `relays` accept every element, made optional, as its new value.
    public func drive(
        _ relays: BehaviorRelay<Element?>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        let site = drivingSite(file, line, function)
        return asObservable().map({ $0 as Element? }, file: file, line: line).accept(into: relays, verb: .drive, site: site)
    }

    /// Makes each of `relays` accept and keep every element.
    public func drive(
        _ relays: ReplayRelay<Element>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        let site = drivingSite(file, line, function)
        return asObservable().accept(into: relays, verb: .drive, site: site)
    }

    /// Makes each of `relays` accept and keep every element, made optional.
    public func drive(
        _ relays: ReplayRelay<Element?>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        let site = drivingSite(file, line, function)
        return asObservable().map({ $0 as Element? }, file: file, line: line).accept(into: relays, verb: .drive, site: site)
    }

    /// Hands the underlying sequence to `transformation` and returns what it returns.
    public func drive<Result>(
        _ transformation: (Observable<Element>) -> Result,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Result {
        _ = drivingSite(file, line, function)
        return transformation(asObservable())
    }

    /// Hands the underlying sequence to `with`, then `curriedArgument` to the
    /// function it returns, and returns the result.
    public func drive<R1, R2>(
        _ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> R2 {
        _ = drivingSite(file, line, function)
        return with(asObservable())(curriedArgument)
    }

    /// Calls the closures for elements, completion and disposal; recorded in
    /// the ``SubscriptionRegistry`` with the verb `drive`.
    public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        let site = drivingSite(file, line, function)
        return asObservable().subscribeElements(
            verb: .drive, site: site, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Calls the closures with `object`, held weakly: once it is gone, events are ignored.
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        let site = drivingSite(file, line, function)
        return asObservable().subscribeElements(verb: .drive, site: site, with: object,
                                                onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes without handling anything, to keep the driver's work going.
    public func drive(file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function) -> Disposable {
        drive(onNext: nil, onCompleted: nil, onDisposed: nil, file: file, line: line, function: function)
    }

    /// The call's site, after checking it is made on the main thread: RxSwift
    /// stops there, RxCore records a ``Diagnostic/Kind/driveOffMainThread``.
    private func drivingSite(_ file: StaticString, _ line: UInt, _ function: StaticString) -> CallSite {
        let site = CallSite(file: file, line: line, function: function)
        if !Thread.isMainThread {
            Resources.record(.driveOffMainThread, in: asObservable().operatorChain.appending("drive"), site: site)
        }
        return site
    }
}
