import Foundation

/// Converts between a virtual time scheduler's own time units and real
/// dates and intervals, as RxSwift's protocol of the same name does.
public protocol VirtualTimeConverterType {
    /// The virtual clock's type.
    associatedtype VirtualTimeUnit
    /// The type of a distance between two virtual times.
    associatedtype VirtualTimeIntervalUnit

    /// The real date a virtual time stands for.
    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime
    /// The virtual time that stands for a real date.
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit
    /// The real duration of a virtual interval, in seconds.
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval
    /// The virtual interval that stands for a real duration in seconds.
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit
    /// `time` moved by `offset`.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit
    /// How two virtual times are ordered.
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The order of two virtual times.
public enum VirtualTimeComparison: Sendable {
    /// The left time comes first.
    case lessThan
    /// Both times are the same.
    case equal
    /// The left time comes later.
    case greaterThan
}

extension VirtualTimeComparison {
    var lessThan: Bool { self == .lessThan }
    var greaterThan: Bool { self == .greaterThan }
}
