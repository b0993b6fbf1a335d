import RxCore

/// How a leak check lets pending work finish before judging.
public enum SettlePolicy: Sendable {
    /// Drains the main scheduler's queue and waits for RxCore's dispatch
    /// schedulers to go idle, repeating until nothing is pending; gives up
    /// after 5 seconds and reports what is still pending. The default.
    case drain
    /// Runs a virtual-time scheduler (such as RxCoreTesting's `TestScheduler`)
    /// to the end of its queue, then drains as `.drain` does.
    case virtualTime(any VirtualTimeSettling)
    /// Drains as `.drain` does, but waits at most `Duration` for dispatch work.
    case timeout(Duration)
}

/// A virtual-time scheduler that a leak check can run to completion.
public protocol VirtualTimeSettling: AnyObject, Sendable {
    /// Runs every scheduled item, advancing the clock as needed.
    func settleVirtualTime()
}
