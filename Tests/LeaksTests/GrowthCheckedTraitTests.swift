import LeakTesting
import Leaks
import Testing

private final class VisitLog {
    static let shared = VisitLog()
    var visits: [Int] = []
}

/// Made on first use and never again.
private final class Palette {
    static let shared = Palette()
    let colors = ["red", "green"]
}

/// The growth-checked tests read the whole process's globals after each run: serialized, so that no
/// other test of this suite adds to them meanwhile.
@Suite(.serialized)
struct GrowthCheckedTraitTests {
    @Test(.growthChecked) func aLazySingletonMadeOnTheFirstRunPasses() {
        #expect(Palette.shared.colors.count == 2)
    }

    @Test func growthRecordsAnIssueWithTheReport() async throws {
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await GrowthCheckedTrait.growthChecked.provideScope(for: test, testCase: nil) {
                VisitLog.shared.visits.append(1)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("VisitLog.shared ─visits→ [Int] +1 per run")
        }
        #expect(VisitLog.shared.visits.count == GrowthCheck.defaultRepetitions, "the test body ran once per repetition")
        VisitLog.shared.visits.removeAll()
    }
}
