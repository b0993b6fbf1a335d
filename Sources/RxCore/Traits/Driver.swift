/// A ``SharedSequence`` for UI state: it never fails, delivers on the main
/// scheduler, and shares one subscription, replaying the latest element to
/// each new subscriber while the subscription is alive.
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

/// The sharing of ``Driver``: replay 1 while connected, on the ``SharingScheduler``.
public struct DriverSharingStrategy: SharingStrategyProtocol {
    /// ``SharingScheduler/make``'s scheduler: the main scheduler unless mocked.
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// `source.share(replay: 1, scope: .whileConnected)`.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// The sequence as a ``Driver``.
    public func asDriver() -> Driver<Element> {
        asSharedSequence()
    }
}

extension ObservableConvertibleType {
    /// A driver of this sequence that, on an error, sends `onErrorJustReturn`
    /// and completes.
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        asSharedSequence(onErrorJustReturn: onErrorJustReturn)
    }

    /// A driver of this sequence that, on an error, continues with `onErrorDriveWith`.
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        asSharedSequence(onErrorDriveWith: onErrorDriveWith)
    }

    /// A driver of this sequence that, on an error, continues with the driver
    /// `onErrorRecover` makes for it.
    @_transparent
    public func asDriver(
        onErrorRecover: @escaping (_ error: Swift.Error) -> Driver<Element>
    ) -> Driver<Element> {
        asDriver(onErrorRecover: onErrorRecover, site: .here())
    }

    /// `asDriver` with the site its public form takes from its caller.
    @usableFromInline
    func asDriver(
        onErrorRecover: @escaping (_ error: Swift.Error) -> Driver<Element>,
        site: CallSite
    ) -> Driver<Element> {
        asSharedSequence(onErrorRecover: onErrorRecover, site: site)
    }
}

extension BehaviorRelay {
    /// The relay as a driver: its current value, then every new one.
    public func asDriver() -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}

extension ControlEvent {
    /// The events as a driver.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorDriveWith: .empty())
    }
}

extension ControlProperty {
    /// The values as a driver.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorDriveWith: .empty())
    }
}
