import Foundation
import RxCore

/// Virtual time of the ``TestScheduler``: whole ticks.
public typealias TestTime = Int

/// Converts ``TestScheduler`` ticks to dates and intervals: one tick is
/// `resolution` seconds, as in RxTest.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType, Sendable {
    /// Ticks.
    public typealias VirtualTimeUnit = Int
    /// Ticks.
    public typealias VirtualTimeIntervalUnit = Int

    private let resolution: Double

    init(resolution: Double) {
        self.resolution = resolution
    }

    public func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime {
        Date(timeIntervalSince1970: TimeInterval(virtualTime) * resolution)
    }

    public func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit {
        VirtualTimeUnit(time.timeIntervalSince1970 / resolution + 0.5)
    }

    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval {
        TimeInterval(virtualTimeInterval) * resolution
    }

    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit {
        VirtualTimeIntervalUnit(timeInterval / resolution + 0.5)
    }

    public func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit {
        time + offset
    }

    public func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs > rhs ? .greaterThan : .equal
    }
}
