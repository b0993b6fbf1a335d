/// A ``SharedSequence`` for UI events: it never fails, delivers on the main
/// scheduler, and shares one subscription without replaying anything to a
/// new subscriber.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

/// The sharing of ``Signal``: no replay, while connected, on the ``SharingScheduler``.
public struct SignalSharingStrategy: SharingStrategyProtocol {
    /// ``SharingScheduler/make``'s scheduler: the main scheduler unless mocked.
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// `source.share(scope: .whileConnected)`, without replay.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}
