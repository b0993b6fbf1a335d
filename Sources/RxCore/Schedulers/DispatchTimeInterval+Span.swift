import Dispatch
import Foundation

extension DispatchTimeInterval {
    /// What is left of this interval once the time from `earlierDate` to
    /// `laterDate` has passed, in the same unit, never negative; `never` stays
    /// `never`. Time operators use it to schedule against their first deadline.
    func reduceWithSpanBetween(earlierDate: Date, laterDate: Date) -> DispatchTimeInterval {
        let elapsed = laterDate.timeIntervalSince(earlierDate)
        func remainder(_ value: Int, perSecond: Double) -> Int {
            let left = Double(value) - elapsed * perSecond
            return left > 0 ? Int(left.rounded(.toNearestOrAwayFromZero)) : 0
        }
        switch self {
        case .seconds(let value): return .seconds(remainder(value, perSecond: 1))
        case .milliseconds(let value): return .milliseconds(remainder(value, perSecond: 1_000))
        case .microseconds(let value): return .microseconds(remainder(value, perSecond: 1_000_000))
        case .nanoseconds(let value): return .nanoseconds(remainder(value, perSecond: 1_000_000_000))
        case .never: return .never
        @unknown default: return self
        }
    }

    /// Whether the interval is zero (`never` is not).
    var isNow: Bool {
        switch self {
        case .seconds(let value), .milliseconds(let value), .microseconds(let value), .nanoseconds(let value):
            value == 0
        case .never: false
        @unknown default: false
        }
    }
}
