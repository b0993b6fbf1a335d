import ChildProcesses
import Foundation
import Leaks
import Scenarios

/// One variant to run, and how.
struct VariantJob {
    let scenario: Scenario
    let variant: Variant
    /// How many times the body runs inside the one leak check.
    let repetitions: Int
    /// Whether backtraces are captured and symbolicated.
    let backtraces: Bool
    /// Whether per-kind counts are taken at each step (for `rxleaks counts`).
    let kindCounts: Bool
    /// Whether it runs in a child process even when no crash is expected.
    let forceIsolation: Bool
    /// The child's command line after the executable's path; the isolation
    /// tests put a `_fault` command here.
    var childArguments: [String]

    init(
        scenario: Scenario, variant: Variant, repetitions: Int, backtraces: Bool, kindCounts: Bool, forceIsolation: Bool
    ) {
        self.scenario = scenario
        self.variant = variant
        self.repetitions = repetitions
        self.backtraces = backtraces
        self.kindCounts = kindCounts
        self.forceIsolation = forceIsolation
        childArguments = RunVariantCommand.arguments(
            scenario: scenario.id, variant: variant.name, repetitions: repetitions,
            backtraces: backtraces, kindCounts: kindCounts)
    }

    /// Whether it runs in a child process: when asked, and always when a crash is expected.
    var isIsolated: Bool { forceIsolation || variant.expectsCrash }

    /// `scenario/variant`, for progress.
    var label: String { "\(scenario.id)/\(variant.name)" }
}

/// Runs jobs one after the other, in this process or in children, showing
/// progress on a terminal; a crash or a hang in a child becomes that
/// variant's outcome and the run goes on.
struct RunSession {
    /// The longest an isolated variant may run before it is killed.
    let timeLimit: Double
    /// The executable children run (this one).
    var executable = ChildProcess.currentExecutable

    /// Runs every job and returns their records in order.
    func run(_ jobs: [VariantJob]) -> [VariantRecord] {
        let progress = Progress()
        defer { progress.finish() }
        return jobs.enumerated().map { index, job in
            progress.show(index, of: jobs.count, job.label)
            if job.isIsolated { return isolated(job) }
            return InProcessGuard.running(job.label, timeLimit: timeLimit) { Self.inProcess(job) }
        }
    }

    /// Runs `job` in this process; `inChildProcess` lets a variant expected to crash run.
    static func inProcess(_ job: VariantJob, inChildProcess: Bool = false) -> VariantRecord {
        var steps: [KindCounts.Step] = []
        let before = KindCounts.Step.now()
        let start = ContinuousClock.now
        let result = ScenarioRunner.run(
            job.scenario, job.variant, repetitions: job.repetitions, inChildProcess: inChildProcess,
            afterEachRepetition: job.kindCounts ? { steps.append(.now()) } : nil)
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        let kindCounts =
            job.kindCounts ? KindCounts(before: before, afterRepetitions: steps, afterSettling: .now()) : nil
        return VariantRecord(job.scenario, job.variant, result: result, seconds: seconds, kindCounts: kindCounts)
    }

    /// Runs `job` in a child process and reads its record, or turns its crash,
    /// hang or failure into the outcome.
    func isolated(_ job: VariantJob) -> VariantRecord {
        func record(_ outcome: Outcome, _ observation: Observation?, seconds: Double) -> VariantRecord {
            VariantRecord(
                job.scenario, job.variant, outcome: outcome, observation: observation,
                isolated: true, repetitions: job.repetitions, seconds: seconds)
        }
        let result: ChildProcess.Result
        do {
            // The runtime's crash backtracer would take seconds per crash and
            // bury the fatal error message; the outcome needs neither.
            result = try ChildProcess.run(
                executable, job.childArguments,
                environment: ["SWIFT_BACKTRACE": "enable=no"], timeLimit: timeLimit)
        } catch {
            return record(Outcome(.failed, "failed: \(error)"), nil, seconds: 0)
        }
        switch result.termination {
        case .timedOut:
            var outcome = Outcome(.timedOut, "timed out after \(Self.seconds(timeLimit)) s")
            outcome.timeLimitSeconds = timeLimit
            return record(outcome, nil, seconds: result.seconds)
        case .signalled(let signal):
            let observation = Observation.crashed(CrashCause.reason(signal: signal, stderr: result.stderr))
            var outcome = Outcome(observation)
            outcome.signal = CrashCause.signalName(signal)
            outcome.cause = CrashCause.cause(signal: signal, stderr: result.stderr)
            return record(outcome, observation, seconds: result.seconds)
        case .exited(let status):
            let lastLine = result.stdout.split(separator: "\n").last { !$0.isEmpty }
            if status == 0, let lastLine,
                var decoded = try? JSONDecoder().decode(VariantRecord.self, from: Data(lastLine.utf8))
            {
                decoded.isolated = true
                decoded.seconds = result.seconds
                return decoded
            }
            let why = result.stderr.split(separator: "\n").last { !$0.isEmpty }.map { ": \($0)" } ?? ""
            var outcome = Outcome(.failed, "failed: the child exited with status \(status) without a result\(why)")
            outcome.exitStatus = status
            return record(outcome, nil, seconds: result.seconds)
        }
    }

    /// `5` or `2.5`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }
}

extension Variant {
    /// Whether the variant is expected to crash, and so always runs in a child process.
    var expectsCrash: Bool {
        if case .crash = expectation { return true }
        return false
    }
}
