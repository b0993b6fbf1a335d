/// How a leak check lets pending work finish before judging.
public enum SettlePolicy: Sendable {
    /// Runs the work due on this thread (a main queue) and waits for work on
    /// other threads to finish, as each ``LeakIntegration`` settles its
    /// library, repeating until nothing is pending; gives up after 2 seconds
    /// and reports what is still pending. The default.
    case drain
    /// Runs a virtual-time scheduler (such as RxCoreTesting's `TestScheduler`,
    /// with RxCoreLeaks linked)
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
