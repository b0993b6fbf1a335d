import Synchronization

/// A growth check (``GrowthCheck``) over runs that are not one block: each run is an ``OpenLeakCheck`` that
/// ``startRun(ambient:closureBudget:)`` opens, and finishing it (whoever finishes it: a test runner, or a test's
/// own `trackForLeaks`) also counts what the long-lived holders keep. For test runners that repeat a test
/// they do not call themselves, such as LeakTesting's whole-suite mode with `rxleaks test --repeat`.
///
/// ```swift
/// let growth = OpenGrowthCheck("ProfileTests.testOpen")
/// for _ in 0..<3 {
///     let run = growth.startRun()
///     ProfileScreen().open()
///     _ = run.finish()
/// }
/// print(growth.report())
/// ```
public final class OpenGrowthCheck: Sendable {
    private let name: String
    private let census: Mutex<GrowthCensus>

    /// Starts a growth check named `name`, with no run yet.
    public init(_ name: String) {
        self.name = name
        census = Mutex(GrowthCensus(name: name))
    }

    /// Opens the next run's leak check (see ``OpenLeakCheck/init(_:ambient:closureBudget:)``).
    public func startRun(ambient: Bool = true, closureBudget: Int? = nil) -> OpenLeakCheck {
        OpenLeakCheck(name, ambient: ambient, closureBudget: closureBudget, growth: self)
    }

    /// The growth over the runs finished so far: a place grows when its count rose with every run after
    /// the first, so at least two runs are needed for any growth.
    public func report() -> GrowthReport {
        census.withLock { $0.report() }
    }

    func record(_ check: RunningCheck, settle: SettlePolicy, releasing holder: UInt?) -> LeakReport {
        census.withLock { $0.record(check, settle: settle, thrown: nil, releasing: holder) }
    }
}
