import Foundation
import Leaks
import ReportFormats
import RxCore

/// What running a variant showed, and whether it matched the expectation.
package struct VariantResult: Sendable {
    /// The scenario's id.
    package let scenarioID: String
    /// The variant's name.
    package let variant: String
    /// What the variant must do.
    package let expectation: Expectation
    /// What it did.
    package let observed: Observation
    /// The leak report of the last repetition (nil when not run in this process).
    package let report: LeakReport?
    /// How many times the body ran.
    package let repetitions: Int

    /// Whether the observation matches the expectation.
    package var matched: Bool { observed.matches(expectation) }
}

/// What a variant did when it ran.
package enum Observation: Sendable, Equatable, CustomStringConvertible {
    /// Nothing leaked.
    case clean
    /// Objects leaked; `pattern` is the first leak's pattern id.
    case leak(LeakKind, types: [String], pattern: String?)
    /// No object leaked, but subscriptions grew by this many per repetition.
    case subscriptionGrowth(perRepetition: Int)
    /// The process crashed (only seen when run in a child process).
    case crashed(String)
    /// Delivery re-entered itself until the simulated UI stopped it.
    case runawayReentrancy
    /// The body threw; `leaked` names the types it leaked before it did.
    case threw(String, leaked: [String])
    /// Pending work did not settle in time: what was still pending, and the
    /// subscriptions made in the run and still alive.
    case unsettled([String])
    /// No object or subscription leaked, but RxCore resources made in the run are still alive.
    case resourcesLeft(Int)
    /// The variant must run in a child process (it is expected to crash).
    case requiresIsolation

    /// The verdict this observation is, in the words every report uses.
    package var verdict: Verdict {
        switch self {
        case .clean: .clean
        case .leak: .leaked
        case .subscriptionGrowth: .subscriptionGrowth
        case .crashed: .crashed
        case .runawayReentrancy: .runawayReentrancy
        case .threw: .threw
        case .unsettled: .unsettled
        case .resourcesLeft: .leftWork
        case .requiresIsolation: .notRun
        }
    }

    /// Whether this observation is what `expectation` asks for.
    package func matches(_ expectation: Expectation) -> Bool {
        switch (self, expectation) {
        case (.clean, .clean), (.runawayReentrancy, .runawayReentrancy), (.threw, .threw), (.unsettled, .unsettled):
            true
        case (.leak(let kind, let types, let pattern), .leak(let expectedKind, let expectedTypes, let expectedPattern)):
            kind == expectedKind && Set(expectedTypes).isSubset(of: types)
                && (expectedPattern == nil || pattern == expectedPattern)
        case (.subscriptionGrowth(let count), .subscriptionGrowth(let expected)): count == expected
        case (.crashed(let reason), .crash(let expected)): reason.contains(expected)
        default: false
        }
    }

    package var description: String {
        switch self {
        case .clean: "clean"
        case .leak(let kind, let types, let pattern): Expectation.leakDescription(kind, types, pattern)
        case .subscriptionGrowth(let count): Expectation.growthDescription(count)
        case .crashed(let reason): "crashed: \(reason)"
        case .runawayReentrancy: "runaway re-entrancy"
        case .threw(let error, let leaked):
            "threw: \(error)" + (leaked.isEmpty ? "" : "; leaked \(leaked.joined(separator: ", "))")
        case .unsettled(let pending): "did not settle: \(pending.joined(separator: "; "))"
        case .resourcesLeft(let count): "\(count) RxCore resource(s) left alive"
        case .requiresIsolation: "not run: expected to crash, run it isolated"
        }
    }
}

/// Runs scenario variants in this process and judges them.
package enum ScenarioRunner {
    /// Re-entrant deliveries in one run from which a loop counts as runaway.
    static let runawayThreshold = 8

    /// Runs `variant` `repetitions` times inside one leak check and judges the
    /// outcome.
    ///
    /// Variants expected to crash are not run (see ``Observation/requiresIsolation``)
    /// unless `inChildProcess` says the caller is a disposable child process
    /// whose parent turns the crash into an outcome. `afterEachRepetition` runs
    /// inside the check after each repetition's body returned, for callers
    /// that watch counts grow.
    package static func run(
        _ scenario: Scenario, _ variant: Variant, repetitions: Int = 1, inChildProcess: Bool = false,
        afterEachRepetition: (() -> Void)? = nil
    ) -> VariantResult {
        if case .crash = variant.expectation, !inChildProcess {
            return VariantResult(
                scenarioID: scenario.id, variant: variant.name, expectation: variant.expectation,
                observed: .requiresIsolation, report: nil, repetitions: 0)
        }
        let host = variant.host?()
        let start = Date()
        let report = VariantHost.$current.withValue(host.map(VariantHost.Box.init)) {
            LeakCheck.run("\(scenario.id)/\(variant.name)", settle: variant.settle) { scope in
                for _ in 0..<max(1, repetitions) {
                    try variant.body(scope)
                    afterEachRepetition?()
                }
            }
        }
        let runaway = reentrantDeliveries(since: start) >= runawayThreshold
        let observed = observe(report, runaway: runaway, repetitions: max(1, repetitions), hosted: host != nil)
        withExtendedLifetime(host) {}
        return VariantResult(
            scenarioID: scenario.id, variant: variant.name, expectation: variant.expectation,
            observed: observed, report: report, repetitions: max(1, repetitions))
    }

    /// Runs `variant` as a growth check (``GrowthCheck``): `repetitions` runs, each a leak check of its own,
    /// against one host built before the first, so that what the host or a global keeps more of after every
    /// run is growth. Variants expected to crash are the caller's to leave out.
    package static func growth(
        _ scenario: Scenario, _ variant: Variant, repetitions: Int = GrowthCheck.defaultRepetitions
    ) -> GrowthReport {
        let host = variant.host?()
        defer { withExtendedLifetime(host) {} }
        return VariantHost.$current.withValue(host.map(VariantHost.Box.init)) {
            GrowthCheck.run("\(scenario.id)/\(variant.name)", repetitions: repetitions, settle: variant.settle) {
                scope in try variant.body(scope)
            }
        }
    }

    /// Counted by date: the log keeps only its latest entries, so once it is
    /// full its length stops telling how many were added.
    private static func reentrantDeliveries(since start: Date) -> Int {
        Resources.diagnostics.filter { $0.kind == .reentrantDelivery && $0.date >= start }.count
    }

    /// With a host, subscriptions and resources are judged by how their live
    /// counts grew, since the host's own bindings may be replaced during the check.
    private static func observe(_ report: LeakReport, runaway: Bool, repetitions: Int, hosted: Bool) -> Observation {
        if let thrown = report.thrownError { return .threw(thrown, leaked: report.leaks.map(\.typeName)) }
        if runaway { return .runawayReentrancy }
        if let first = report.leaks.first {
            return .leak(first.kind, types: report.leaks.map(\.typeName), pattern: first.pattern?.id)
        }
        let counts = report.counts
        let subscriptions =
            hosted
            ? counts.afterSettling[kind: "subscriptions"] - counts.before[kind: "subscriptions"]
            : report.liveSubscriptions.count
        let resources = hosted ? counts.afterSettling.total - counts.before.total : report.resourceDelta
        // Unsettled work makes the counts provisional: say so first.
        if !report.unsettled.isEmpty {
            return .unsettled(report.unsettled + report.liveSubscriptions.map { "live subscription \($0)" })
        }
        if subscriptions > 0 {
            return .subscriptionGrowth(perRepetition: subscriptions / repetitions)
        }
        return resources == 0 ? .clean : .resourcesLeft(resources)
    }
}
