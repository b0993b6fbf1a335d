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
