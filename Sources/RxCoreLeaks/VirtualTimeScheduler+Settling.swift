import Leaks
import RxCore

extension VirtualTimeScheduler: VirtualTimeSettling {
    /// Runs the scheduler's queue to its end.
    public func settleVirtualTime() { start() }
}
