import Foundation
import RxCore

/// Finishes pending work deterministically before a verdict: virtual time is
/// run to its end, the main scheduler's queue is drained on this thread, and
/// RxCore's dispatch schedulers are waited on (woken by each item that
/// finishes, not polled). Only when work is still pending at the deadline —
/// a timer that never stops, work stuck on a lock — does time decide.
enum Settler {
    /// How long `.drain` waits for dispatch work before reporting it as unsettled.
    static let defaultDeadline: Duration = .seconds(2)
    /// Rounds of draining; work that keeps scheduling more work stops here.
    static let maximumRounds = 1_000

    /// Settles according to `policy`; returns descriptions of work still
    /// pending when it gave up, empty when everything settled.
    static func settle(_ policy: SettlePolicy) -> [String] {
        var deadline = defaultDeadline
        switch policy {
        case .drain: break
        case .virtualTime(let scheduler): scheduler.settleVirtualTime()
        case .timeout(let limit): deadline = limit
        }
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: deadline)
        for _ in 0..<maximumRounds {
            let ran = MainScheduler.drain()
            let remaining = clock.now.duration(to: end)
            let idle = DispatchSchedulers.pendingCount == 0
                || (remaining > .zero && DispatchSchedulers.waitUntilIdle(timeout: remaining.seconds))
            if idle, ran == 0, MainScheduler.pendingCount == 0 { return [] }
            if clock.now >= end { break }
        }
        var pending: [String] = []
        if DispatchSchedulers.pendingCount > 0 {
            pending.append("\(DispatchSchedulers.pendingCount) item(s) on dispatch schedulers (timers or delayed work)")
        }
        if MainScheduler.pendingCount > 0 {
            pending.append("\(MainScheduler.pendingCount) item(s) on the main scheduler")
        }
        return pending
    }
}

extension Duration {
    /// The duration in seconds, as `TimeInterval`.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

extension VirtualTimeScheduler: VirtualTimeSettling {
    /// Runs the scheduler's queue to its end.
    public func settleVirtualTime() { start() }
}
