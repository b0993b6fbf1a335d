#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Probes

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
        var pendingInVirtualTime: [String] = []
        switch policy {
        case .drain, .timeout: break
        case .virtualTime(let scheduler as any VirtualTimeSettling, let bound):
            pendingInVirtualTime = scheduler.settleVirtualTime(within: bound)
        case .virtualTime(let scheduler, _):
            pendingInVirtualTime = [
                "\(type(of: scheduler)) cannot be run in virtual time: it does not conform to VirtualTimeSettling "
                    + "(its library's leak integration, when linked, may add the conformance)"
            ]
        }
        return pendingInVirtualTime + drain(sessions, deadline: deadline(of: policy))
    }

    /// How long `policy` waits for work on other threads.
    private static func deadline(of policy: SettlePolicy) -> Duration {
        if case .timeout(let limit) = policy { return limit }
        return defaultDeadline
    }

    /// How long a verdict that is not clean waits for a second look.
    static let secondLookGrace: Duration = .milliseconds(100)

    /// Before a verdict that is not clean: waits, at most ``secondLookGrace``
    /// (or `policy`'s deadline, if shorter), while another thread of the
    /// process is running, and, when objects were found leaked, until one of
    /// `leaked` is released. Code the check ran may have started work the
    /// libraries do not know of, which holds what it uses a moment after the
    /// code itself: a dispatch block still returning through the operators (a
    /// running thread), or a block XCTest queued when an expectation was
    /// fulfilled (no thread running at that instant). Bounded, since tests
    /// running in parallel keep other threads busy with their own work, and an
    /// object that really leaked is never released. Returns whether the
    /// verdict may have changed: another thread ran, or a leaked object was released.
    /// With `untilDeadline`, waits up to the policy's deadline instead: for
    /// objects held by a running task, which may yet end and release them.
    /// `clock` is what the look waits by: the process's, or a test's.
    static func secondLook(
        _ policy: SettlePolicy, leaked: [TrackedObject], untilDeadline: Bool = false,
        clock: some WaitingClock = ProcessWaitingClock()
    ) -> Bool {
        let end = clock.elapsed + (untilDeadline ? deadline(of: policy) : min(secondLookGrace, deadline(of: policy)))
        var otherThreadsRan = false, released = false
        while clock.elapsed < end {
            released = released || leaked.contains { !$0.isAlive }
            let busy = (Threads.busyOthers() ?? 0) > 0
            otherThreadsRan = otherThreadsRan || busy
            // A released object's deinitialiser may still be freeing what it held on the thread that released it.
            if !busy, leaked.isEmpty || released { break }
            clock.pause()
        }
        return otherThreadsRan || released || leaked.contains { !$0.isAlive }
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

/// Time as a wait of the settling reads it and passes it: the process's monotonic clock, or a test's,
/// which decides what happens at which moment of the wait.
protocol WaitingClock {
    /// The time since an origin of the clock's.
    var elapsed: Duration { get }
    /// Lets a moment pass.
    func pause()
}

/// The process's monotonic clock, a pause a millisecond.
struct ProcessWaitingClock: WaitingClock {
    private let origin = ContinuousClock.now

    var elapsed: Duration { origin.duration(to: .now) }

    func pause() { usleep(1_000) }
}
