/// A leak check over code that is not one block: it starts, the code runs,
/// and ``finish(settle:releasing:)`` settles and judges. For test helpers that cannot
/// wrap the code they check, such as XCTest's `trackForLeaks`, whose check
/// spans a test's body and teardown.
///
/// While it is open, work a library integration (RxCore's) sees outside any
/// other check's scope is attributed to it (closures' captures are tracked,
/// subscriptions and resources counted), so one can be open at a time: a
/// second one starts without that attribution and says so in its problems.
public final class OpenLeakCheck: @unchecked Sendable {
    private let check: RunningCheck

    /// Starts a check.
    ///
    /// - Parameters:
    ///   - name: the check's name, as its report gives it.
    ///   - ambient: whether work made outside any check's block is
    ///     attributed to this check; `false` for a check that a test runner
    ///     names to ``UnscopedWork`` instead.
    ///   - closureBudget: how many closures handed to a library have their
    ///     captures read (and tracked); past it, reading stops and the report's
    ///     problems say so. `nil`: all. Reading a capture takes a lock all
    ///     checks share, so a stress test making closures on many threads at
    ///     once slows down under a check: a whole-suite run bounds it.
    public convenience init(_ name: String, ambient: Bool = true, closureBudget: Int? = nil) {
        self.init(name, ambient: ambient, closureBudget: closureBudget, growth: nil)
    }

    /// The growth check this check is one run of: finishing it counts what the roots keep first.
    private let growth: OpenGrowthCheck?

    init(_ name: String, ambient: Bool, closureBudget: Int?, growth: OpenGrowthCheck?) {
        self.growth = growth
        check = RunningCheck(name: name, closureBudget: closureBudget)
        if ambient, !check.open() {
            check.scope.record(
                problem:
                    "another open leak check was running: objects captured by closures were not tracked, and subscriptions not counted"
            )
        }
    }

    /// This check's session of the integration registered at `index`.
    func session(at index: Int) -> (any LeakIntegrationSession)? {
        index < check.sessions.count ? check.sessions[index] : nil
    }

    /// Where objects are tracked (``LeakScope/track(_:file:line:)-(AnyObject,_,_)``).
    public var scope: LeakScope { check.scope }

    /// Ends the check: settles pending work and judges.
    ///
    /// - Parameters:
    ///   - settle: how pending work is settled before judging.
    ///   - holder: an object that has not released what it holds yet
    ///   but will, such as an XCTest case whose `tearDown()` runs after the
    ///   check. The check judges as if it had released every strong reference
    ///   it holds: an object held only by it (and by what it alone holds) is
    ///   released late, not leaked; one in a cycle, or held from anywhere else,
    ///   is still reported.
    public func finish(settle: SettlePolicy = .drain, releasing holder: AnyObject? = nil) -> LeakReport {
        check.close()
        let address = holder.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) }
        if let growth { return growth.record(check, settle: settle, releasing: address) }
        return check.finish(settle: settle, thrown: nil, releasing: address)
    }
}
