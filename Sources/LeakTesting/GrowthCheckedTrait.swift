import Leaks
import Testing

/// A Swift Testing trait that runs each test several times as a growth check (`GrowthCheck`) and
/// records an issue with the growth report when a long-lived holder keeps more after every run.
///
/// ```swift
/// @Test(.growthChecked) func openingTheProfile() {
///     ProfileScreen().open()
/// }
/// ```
///
/// The census after each run reads the whole process's globals and the default notification center:
/// a test that runs beside others (Swift Testing's default) may see what they add. Give growth-checked
/// tests a suite of their own with `.serialized`.
public struct GrowthCheckedTrait: TestTrait, SuiteTrait, TestScoping {
    /// How many times each test runs (at least two).
    public let repetitions: Int
    /// How pending work is settled after each run.
    public let settle: SettlePolicy

    /// Applies to every test of a suite it is attached to.
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await provideCheckedScope(for: test, performing: function) { body in
            let report = await GrowthCheck.run(test.name, repetitions: repetitions, settle: settle) { _ in
                await body()
            }
            if !report.isClean {
                Issue.record(Comment(rawValue: report.description), sourceLocation: test.sourceLocation)
            }
        }
    }
}

extension Trait where Self == GrowthCheckedTrait {
    /// Runs the test `GrowthCheck.defaultRepetitions` times as a growth check (`@Test(.growthChecked)`).
    public static var growthChecked: Self {
        GrowthCheckedTrait(repetitions: GrowthCheck.defaultRepetitions, settle: .drain)
    }

    /// Runs the test `repetitions` times as a growth check, settling each run with `settle`.
    public static func growthChecked(repetitions: Int, settle: SettlePolicy = .drain) -> Self {
        GrowthCheckedTrait(repetitions: repetitions, settle: settle)
    }
}
