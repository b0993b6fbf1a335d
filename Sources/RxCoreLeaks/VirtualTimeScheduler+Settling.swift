import Foundation
import Leaks
import RxCore

extension VirtualTimeScheduler: VirtualTimeSettling {
    /// Runs the items due within `bound` from the current virtual time; names
    /// each item left, with the subscription it was scheduled for.
    public func settleVirtualTime(within bound: Duration) -> [String] {
        advanceTo(virtualTime(after: bound.seconds))
        return pendingWork.map { "\($0) (past the settling bound of \(bound): dispose the subscription)" }
    }
}
