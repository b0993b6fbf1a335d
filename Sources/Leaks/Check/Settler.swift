/// Finishes pending work deterministically before a verdict: virtual time is
/// run forward to a bound, each integration runs the work due on this thread and is
/// waited on for work elsewhere (woken by each item that finishes, not
/// polled). Only when work is still pending at the deadline — a timer that
/// never stops, work stuck on a lock — does time decide.
enum Settler {
    /// How long `.drain` waits for work before reporting it as unsettled.
    static let defaultDeadline: Duration = .seconds(2)
    /// Rounds of draining; work that keeps scheduling more work stops here.
    static let maximumRounds = 1_000

    /// Settles the integrations' `sessions` according to `policy`; returns
    /// descriptions of work still pending when it gave up, empty when
    /// everything settled.
    static func settle(_ policy: SettlePolicy, sessions: [any LeakIntegrationSession]) -> [String] {
        var deadline = defaultDeadline
        var pendingInVirtualTime: [String] = []
        switch policy {
        case .drain: break
        case .virtualTime(let scheduler as any VirtualTimeSettling, let bound):
            pendingInVirtualTime = scheduler.settleVirtualTime(within: bound)
        case .virtualTime(let scheduler, _):
            pendingInVirtualTime = ["\(type(of: scheduler)) cannot be run in virtual time: it does not conform to VirtualTimeSettling "
                                    + "(for RxCore's schedulers, link RxCoreLeaks: the Leaks or LeakTesting product)"]
        case .timeout(let limit): deadline = limit
        }
        return pendingInVirtualTime + drain(sessions, deadline: deadline)
    }

    /// Drains `sessions` until nothing is pending or `deadline` has passed;
    /// returns what is still pending.
    private static func drain(_ sessions: [any LeakIntegrationSession], deadline: Duration) -> [String] {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: deadline)
        for _ in 0..<maximumRounds {
            let ran = sessions.reduce(0) { $0 + $1.drainOnThisThread() }
            let idle = sessions.allSatisfy { $0.waitUntilIdle(timeout: max(.zero, clock.now.duration(to: end))) }
            if idle, ran == 0 { return [] }
            if clock.now >= end { break }
        }
        return sessions.flatMap { $0.pendingWork() }
    }
}
