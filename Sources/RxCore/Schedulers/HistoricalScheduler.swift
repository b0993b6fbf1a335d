import Foundation

/// A virtual-time scheduler whose clock is a `Date`: replays work stamped with past (or future)
/// dates in order, as fast as it can, when started or advanced.
public class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter>, @unchecked Sendable {
    /// A stopped scheduler whose clock reads `initialClock` (the Unix epoch by default).
    public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
    }
}
