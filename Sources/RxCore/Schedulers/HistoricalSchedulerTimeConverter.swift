import Foundation

/// The converter of ``HistoricalScheduler``: its virtual time is a `Date` and its intervals are
/// `TimeInterval`s, so every conversion is the identity; only the clock is decoupled from the machine's.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType, Sendable {
    /// A point on the virtual clock.
    public typealias VirtualTimeUnit = RxTime
    /// A difference of two virtual times.
    public typealias VirtualTimeIntervalUnit = TimeInterval

    /// `virtualTime` itself.
    public func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime { virtualTime }

    /// `time` itself.
    public func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit { time }

    /// `virtualTimeInterval` itself.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval {
        virtualTimeInterval
    }

    /// `timeInterval` itself.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit { timeInterval }

    /// `time` moved by `offset` seconds.
    public func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit {
        time.addingTimeInterval(offset)
    }

    /// How `lhs` compares with `rhs`.
    public func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs == rhs ? .equal : .greaterThan
    }
}
