/// How a leak check lets pending work finish before judging.
public enum SettlePolicy: Sendable {
    /// Runs the work due on this thread (a main queue) and waits for work on
    /// other threads to finish, as each ``LeakIntegration`` settles its
    /// library, repeating until nothing is pending; gives up after 2 seconds
    /// and reports what is still pending. The default.
    case drain
    /// Runs a virtual-time scheduler (such as RxCoreTesting's `TestScheduler`)
    /// at most `upTo` of virtual time ahead (an hour by default), so endless
    /// work (an `interval` nobody disposes) cannot hang the check: what is
    /// still scheduled then is reported as unsettled. Then drains as `.drain`
    /// does.
    ///
    /// The scheduler is any object that conforms to ``VirtualTimeSettling``
    /// in the running process; the conformance is looked up when the check
    /// settles, so it need not be visible where the check is written (RxCore's
    /// schedulers get theirs from RxCoreLeaks, which the `LeakTesting` and
    /// `Leaks` products link). Any other object is reported as unsettled work.
    case virtualTime(any AnyObject & Sendable, upTo: Duration = .seconds(3600))
    /// Drains as `.drain` does, but waits at most `Duration` for dispatch work.
    case timeout(Duration)
}

/// A virtual-time scheduler that a leak check can run forward.
public protocol VirtualTimeSettling: AnyObject, Sendable {
    /// Runs the items due within `bound` of virtual time from now, advancing
    /// the clock as needed; returns a description of the work still scheduled
    /// after that, empty when none is.
    func settleVirtualTime(within bound: Duration) -> [String]
}
