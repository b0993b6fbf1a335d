/// What running code under a leak check came to, in one vocabulary for every report: the `kind` of a
/// `rxleaks run` variant's outcome and the `verdict` of a `rxleaks test` row. Both JSON schemas take their
/// list from `docs/rxleaks-run.schema.json`'s `$defs/verdict`, which a test holds to ``allCases``.
package enum Verdict: String, Codable, Sendable, CaseIterable {
    /// Nothing leaked and nothing was left.
    case clean
    /// An object made under the check outlived it for a reason to fix: a cycle, or a holder outside.
    case leaked
    /// No object leaked, but live subscriptions, RxCore resources or pending work were left.
    case leftWork
    /// No object leaked, but a long-lived holder kept more after every repetition of the test (`--repeat`).
    case grew
    /// No object leaked, but each repetition left more live subscriptions.
    case subscriptionGrowth
    /// Pending work was still pending when settling gave up.
    case unsettled
    /// The code under the check threw.
    case threw
    /// Delivery re-entered itself without end.
    case runawayReentrancy
    /// A signal ended the process while the code ran.
    case crashed
    /// The code ran past its time limit.
    case timedOut
    /// Nothing leaked and nothing was left, but the run failed: a test's own assertion, or a child
    /// process that ended without a result.
    case failed
    /// The code was not run: a scenario variant expected to crash, outside a child process.
    case notRun
}
