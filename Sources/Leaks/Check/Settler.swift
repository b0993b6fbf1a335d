import RxCore

/// Finishes pending work deterministically before a verdict.
enum Settler {
    /// Settles according to `policy`; returns descriptions of work still
    /// pending when it gave up, empty when everything settled.
    static func settle(_ policy: SettlePolicy) -> [String] {
        if case .virtualTime(let scheduler) = policy {
            scheduler.settleVirtualTime()
        }
        return []
    }
}
