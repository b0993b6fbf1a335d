import Foundation
import Leaks
import ReportFormats
import RxCore
import Scenarios

/// One variant's run: what `run --format json` prints for each variant, and
/// what a `_run-variant` child hands its parent. The schema is
/// `docs/rxleaks-run.schema.json`.
struct VariantRecord: Codable {
    /// The scenario's id.
    var scenario: String
    /// The scenario's title.
    var title: String
    /// The guide passage the scenario reproduces.
    var guide: GuideEntry
    /// The variant's name.
    var variant: String
    /// `leaking`, `fixed` or `control`.
    var role: String
    /// What the variant must do, in words.
    var expectation: String
    /// What it did.
    var outcome: Outcome
    /// Whether the outcome is what the expectation asks for.
    var matched: Bool
    /// Whether it ran in a child process.
    var isolated: Bool
    /// How many times the body ran.
    var repetitions: Int
    /// Wall-clock time, process start included when isolated.
    var seconds: Double
    /// Live counts by family before, after teardown and after settling (nil when it did not finish).
    var counts: ResourceCounts?
    /// What leaked, with cycles and patterns.
    var leaks: [Leak]
    /// Subscriptions made in the run and still alive after settling.
    var liveSubscriptions: [LiveSubscription]
    /// Per-kind counts at each step, for `rxleaks counts` (absent from `run`'s output).
    var kindCounts: KindCounts?

    /// `leaking`, or `completing-source (control)` when the name is not the role.
    var variantLabel: String { variant == role ? variant : "\(variant) (\(role))" }

    /// A record for a variant that has not produced a result of its own
    /// (crashed, timed out, failed); judged against the expectation.
    init(
        _ scenario: Scenario, _ variant: Variant, outcome: Outcome, observation: Observation?, isolated: Bool,
        repetitions: Int, seconds: Double
    ) {
        self.scenario = scenario.id
        title = scenario.title
        guide = GuideEntry(scenario.guide)
        self.variant = variant.name
        role = variant.role.rawValue
        expectation = variant.expectation.description
        self.outcome = outcome
        matched = observation?.matches(variant.expectation) ?? false
        self.isolated = isolated
        self.repetitions = repetitions
        self.seconds = seconds
        counts = nil
        leaks = []
        liveSubscriptions = []
        kindCounts = nil
    }

    /// A record for a variant judged in this process.
    init(_ scenario: Scenario, _ variant: Variant, result: VariantResult, seconds: Double, kindCounts: KindCounts?) {
        self.init(
            scenario, variant, outcome: Outcome(result.observed), observation: result.observed,
            isolated: false, repetitions: result.repetitions, seconds: seconds)
        counts = result.report?.counts
        leaks = result.report?.leaks ?? []
        liveSubscriptions = result.report?.liveSubscriptions ?? []
        self.kindCounts = kindCounts
    }
}

/// A scenario's guide reference in a record.
struct GuideEntry: Codable, Equatable {
    /// The guide document's file name.
    var file: String
    /// The section heading.
    var section: String

    init(_ reference: GuideReference) {
        file = reference.file
        section = reference.section
    }
}

/// What a variant did, as a kind plus the details that kind has.
struct Outcome: Codable, Equatable, CustomStringConvertible {
    /// The kind: the verdict `rxleaks test` gives its rows too.
    var kind: Verdict
    /// The outcome in words, as the text output shows it.
    var description: String
    /// For `leaked`: the first leak's kind (`cycle`, `retainedFromOutside`).
    var verdict: String?
    /// For `leaked`: the leaked types.
    var types: [String]?
    /// For `leaked`: the first leak's guide pattern id.
    var pattern: String?
    /// For `subscriptionGrowth`: live subscriptions left per repetition.
    var perRepetition: Int?
    /// For `crashed`: the signal's name, such as `SIGILL`.
    var signal: String?
    /// For `crashed`: the cause read from the child's stderr, when recognised.
    var cause: String?
    /// For `timedOut`: the time limit.
    var timeLimitSeconds: Double?
    /// For `failed`: the child's exit status.
    var exitStatus: Int32?

    init(_ kind: Verdict, _ description: String) {
        self.kind = kind
        self.description = description
    }

    /// The outcome for an in-process observation.
    init(_ observation: Observation) {
        self.init(observation.verdict, observation.description)
        switch observation {
        case .leak(let verdict, let types, let pattern):
            self.verdict = verdict.rawValue
            self.types = types
            self.pattern = pattern
        case .subscriptionGrowth(let count): perRepetition = count
        default: break
        }
    }
}

/// Live counts per resource kind at each step of a run, for `rxleaks counts`.
struct KindCounts: Codable, Equatable {
    /// Counts at one step.
    struct Step: Codable, Equatable {
        /// Live resources per kind name (kinds with none left out).
        var kinds: [String: Int]
        /// Live resources per family (`sink`, `subject`, ...).
        var families: [String: Int]
        /// Live subscriptions.
        var subscriptions: Int

        /// The counts now.
        static func now() -> Step {
            let snapshot = Resources.snapshot()
            return Step(
                kinds: snapshot.counts,
                families: Dictionary(uniqueKeysWithValues: snapshot.byFamily.map { ($0.key.rawValue, $0.value) }),
                subscriptions: SubscriptionRegistry.count)
        }
    }

    /// Before the check.
    var before: Step
    /// After each repetition's body returned (its locals released).
    var afterRepetitions: [Step]
    /// After pending work settled.
    var afterSettling: Step
}
