import Foundation
import Leaks
import RxCore

extension VirtualTimeScheduler: VirtualTimeSettling {
    /// Runs the items due within `bound` from the current virtual time.
    public func settleVirtualTime(within bound: Duration) -> [String] {
        advanceTo(virtualTime(after: bound.seconds))
        let left = pendingCount
        guard left > 0 else { return [] }
        return ["\(left) item(s) on the virtual-time scheduler past the settling bound of \(bound) "
                + "(an interval or timer nobody disposed; see the live subscriptions)"]
    }
}
