import ArgumentParser
import Foundation
import RxCore

/// `rxleaks soak`: runs the catalogue again and again in this process for a
/// bounded time and checks that resident memory stays flat, so that neither
/// RxCore nor the leak engine leaks while it judges.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Run the catalogue repeatedly in one process and check that resident memory stays flat.",
        discussion: """
            Every repetition runs the selected variants in this process. By default those are the \
            variants expected to come out clean, where any growth is the harness's or RxCore's own; \
            --variant all adds the leaking ones, whose leaks (made on purpose) then grow memory too \
            and are counted in the report. Variants expected to crash are left out: they would run \
            in child processes. Resident memory (VmRSS) is read before \
            the first repetition, after the warm-up and after each repetition; the growth per \
            repetition is the least-squares slope over the repetitions after the warm-up. Exit \
            status 1 when that slope exceeds --max-growth or when a variant's outcome stopped \
            matching its expectation in any repetition.
            """)

    @Argument(help: ArgumentHelp("Scenario ids or glob patterns (all when none).", valueName: "ID"))
    var patterns: [String] = []

    @Option(
        help: ArgumentHelp(
            "Which variants: leaking, fixed, control (by role), all, or a variant's name (default: those expected to be clean).",
            valueName: "leaking|fixed|control|all|NAME"))
    var variant: VariantFilter?

    @Option(help: ArgumentHelp("Stop starting repetitions after this many minutes.", valueName: "MINUTES"))
    var minutes: Double = 3

    @Option(help: ArgumentHelp("Stop after this many repetitions, even before --minutes is up.", valueName: "N"))
    var repetitions: Int?

    @Option(help: ArgumentHelp("Repetitions that fill caches before memory is judged.", valueName: "N"))
    var warmUp = 3

    @Option(help: ArgumentHelp("The most resident memory may grow per repetition after the warm-up.", valueName: "KIB"))
    var maxGrowth: Double = 8

    func validate() throws {
        guard minutes > 0, minutes.isFinite else { throw ValidationError("--minutes must be a positive number.") }
        guard warmUp >= 1 else { throw ValidationError("--warm-up must be at least 1.") }
        if let repetitions, repetitions < warmUp + 2 {
            throw ValidationError("--repetitions must be at least --warm-up + 2 (\(warmUp + 2)), to measure a slope.")
        }
        guard maxGrowth >= 0 else { throw ValidationError("--max-growth must not be negative.") }
    }

    func run() throws {
        let selection = try exitingOnBadInput { () throws(BadInput) in
            try Selection.resolve(patterns, variants: variant ?? .all)
        }
        let chosen = selection.pairs.filter { variant != nil || $0.1.expectation == .clean }
        let jobs = chosen.filter { !$0.1.expectsCrash }.map { scenario, variant in
            VariantJob(
                scenario: scenario, variant: variant, repetitions: 1, backtraces: false, kindCounts: false,
                forceIsolation: false)
        }
        guard let start = ResidentMemory.kibibytes() else {
            Console.error("no /proc/self/status here: resident memory cannot be read")
            throw ExitCode.failure
        }
        let skipped = chosen.count - jobs.count
        Console.write(
            "soak: \(jobs.count) variants per repetition\(skipped > 0 ? " (\(skipped) expected to crash left out)" : ""), "
                + "for \(SoakCommand.number(minutes)) min\(repetitions.map { " or \($0) repetitions" } ?? ""); RSS before: \(start) KiB\n"
        )
        let clock = ContinuousClock()
        let began = clock.now
        let deadline = began + .milliseconds(Int64(minutes * 60_000))
        var samples: [Int] = []
        let resourcesBefore = (Int(Resources.total), SubscriptionRegistry.count)
        var mismatches: [String: Int] = [:]
        // RunSession's watchdog and records are the same as `run`'s; only the memory is new.
        let session = RunSession(timeLimit: 10)
        while samples.count < (repetitions ?? .max), samples.count < warmUp + 2 || clock.now < deadline {
            let repetitionStart = clock.now
            let records = session.run(jobs)
            for record in records where !record.matched {
                mismatches[
                    "\(record.scenario)/\(record.variant): \(record.outcome.description) (expected \(record.expectation))",
                    default: 0] += 1
            }
            let rss = ResidentMemory.kibibytes() ?? 0
            samples.append(rss)
            let seconds = (clock.now - repetitionStart) / .seconds(1)
            Console.write(
                "repetition \(samples.count): " + String(format: "%.2f s", seconds)
                    + ", \(records.filter(\.matched).count)/\(records.count) matched, RSS \(rss) KiB"
                    + (samples.count == warmUp ? " (end of warm-up)\n" : "\n"))
        }
        let report = SoakReport(
            start: start, samples: samples, warmUp: warmUp,
            seconds: (clock.now - began) / .seconds(1), maxGrowth: maxGrowth)
        Console.write(report.text)
        // What the leaking variants leak on purpose stays alive: part of any growth.
        let resources = Int(Resources.total) - resourcesBefore.0,
            subscriptions = SubscriptionRegistry.count - resourcesBefore.1
        Console.write(
            "left alive by the variants (leaks on purpose): \(resources) RxCore resources and \(subscriptions) "
                + "subscriptions, "
                + String(
                    format: "%.1f and %.1f per repetition", Double(resources) / Double(samples.count),
                    Double(subscriptions) / Double(samples.count)) + "\n")
        for (mismatch, count) in mismatches.sorted(by: { $0.key < $1.key }) {
            Console.write("mismatch in \(count) repetition\(count == 1 ? "" : "s"): \(mismatch)\n")
        }
        if !report.withinBound || !mismatches.isEmpty { throw ExitCode.failure }
    }

    /// `3` or `0.5`.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }
}

/// The memory figures of a soak.
struct SoakReport {
    /// RSS before the first repetition, KiB.
    let start: Int
    /// RSS after each repetition, KiB.
    let samples: [Int]
    /// Repetitions not judged.
    let warmUp: Int
    /// Wall-clock time of all repetitions.
    let seconds: Double
    /// The bound on growth per repetition, KiB.
    let maxGrowth: Double

    /// RSS at the end of the warm-up.
    var afterWarmUp: Int { samples[warmUp - 1] }
    /// RSS after the last repetition.
    var end: Int { samples[samples.count - 1] }

    /// The least-squares slope of RSS over the repetitions from the end of
    /// the warm-up on, KiB per repetition (a single step of the allocator
    /// weighs less than in end minus start).
    var growthPerRepetition: Double {
        let judged = samples[(warmUp - 1)...].enumerated().map { (Double($0.offset), Double($0.element)) }
        guard judged.count >= 2 else { return 0 }
        let meanX = judged.map(\.0).reduce(0, +) / Double(judged.count)
        let meanY = judged.map(\.1).reduce(0, +) / Double(judged.count)
        let covariance = judged.map { ($0.0 - meanX) * ($0.1 - meanY) }.reduce(0, +)
        let variance = judged.map { ($0.0 - meanX) * ($0.0 - meanX) }.reduce(0, +)
        return covariance / variance
    }

    /// Whether the growth per repetition is within the bound.
    var withinBound: Bool { growthPerRepetition <= maxGrowth }

    var text: String {
        let judged = samples[(warmUp - 1)...]
        return "soak: \(samples.count) repetitions in " + String(format: "%.0f s", seconds) + " (\(warmUp) warm-up)\n"
            + "RSS: \(start) KiB before, \(afterWarmUp) KiB after warm-up, \(end) KiB at the end "
            + "(min \(judged.min() ?? 0), max \(judged.max() ?? 0) after warm-up)\n"
            + "growth after warm-up: "
            + String(
                format: "%+d KiB over %d repetitions, %+.2f KiB per repetition",
                end - afterWarmUp, samples.count - warmUp, growthPerRepetition)
            + " (bound \(SoakCommand.number(maxGrowth)) KiB): " + (withinBound ? "flat" : "GROWING") + "\n"
    }
}
