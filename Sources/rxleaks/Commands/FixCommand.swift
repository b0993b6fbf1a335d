#if Lint
import ArgumentParser
import ChildProcesses
import Foundation
import ReportFormats
import LeakLint

/// `rxleaks fix`: runs a package's tests as `rxleaks test` does, makes the
/// lint's fix for each leak whose holding reference a rule can fix, and keeps
/// each edit only when re-running the leaking test shows it clean and passing.
struct FixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Fix the leaks a package's tests show, keeping each fix only when the leaking test then passes clean.",
        discussion: """
            Runs the tests as rxleaks test does (same scratch folder). For each leaking test's root leak whose \
            holding reference (the suspect edge, File.swift:12) is in a lint finding of the package's Sources that \
            a rule can fix, it makes that finding's fix (as rxleaks lint --fix does, and only that one), writes the \
            file atomically, rebuilds and re-runs the leaking tests (--filter). The edit stays only when those tests \
            pass and no longer leak that type; otherwise the original text is written back and the reason given. \
            Ctrl-C or SIGTERM while an edit is under test puts the original back. Only the leaking tests are run \
            again: run rxleaks test afterwards to see the whole suite. \
            It refuses to touch a file with uncommitted changes (git status) unless --allow-dirty. \
            Exit status 0 when every leak was fixed or none was found, 1 when some are left, 64 for bad input.
            """)

    @Option(help: ArgumentHelp("The package whose leaks to fix.", valueName: "DIR"))
    var packagePath = "."

    @Option(help: ArgumentHelp("Run only the tests matching PATTERN (swift test --filter); repeatable.", valueName: "PATTERN"))
    var filter: [String] = []

    @Option(help: ArgumentHelp("Build folder and SwiftPM configuration for the runs (default: rxleaks test's).", valueName: "DIR"))
    var scratchPath: String?

    @Flag(help: "Print the unified diffs of the fixes it would try; write nothing.")
    var dryRun = false

    @Flag(help: "Fix files with uncommitted changes too.")
    var allowDirty = false

    @Option(help: "Output: text or json.")
    var format: FixOutputFormat = .text

    func run() throws {
        let package = URL(fileURLWithPath: packagePath).standardizedFileURL
        let scratch = scratchPath.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? SuiteRun.defaultScratch(for: package)
        // Noted for the whole run, so that a signal between two test runs also finds the original put back.
        Interruption.install()
        defer { Interruption.uninstall() }
        let outcome = try SuiteRun(package: package, scratch: scratch, filters: filter, swiftArguments: []).runForCommand(checkout: nil)
        let plan = FixPlan(outcome.verdicts, package: package)
        var result = FixResult(dryRun: dryRun, left: plan.left)
        if dryRun {
            result.diffs = plan.attempts.map { UnifiedDiff.between($0.fix.original, $0.fix.fixed, path: $0.file) }
            result.fixed = plan.attempts.flatMap(\.leaks)
        } else {
            try refuseUncommitted(plan.attempts, in: package)
            for attempt in plan.attempts {
                let failures = try verify(attempt, package: package, scratch: scratch)
                if failures.isEmpty {
                    result.filesChanged.append(attempt.file)
                    result.fixed += attempt.leaks
                } else {
                    result.left += failures
                }
            }
        }
        switch format {
        case .text: Console.write(result.text)
        case .json: Console.write(try result.json())
        }
        if !result.left.isEmpty { throw ExitCode.failure }
    }

    /// Writes the attempt's fix and re-runs its leaking tests; puts the
    /// original text back (also when interrupted or on any error) unless each
    /// of those tests passes and no longer leaks its type. Returns the leaks
    /// left, each with why; empty when the fix is kept.
    private func verify(_ attempt: FixPlan.Attempt, package: URL, scratch: URL) throws -> [FixedLeak] {
        let path = attempt.fix.path
        do {
            try LintFixing.replace(path, with: attempt.fix.fixed)
        } catch {
            return attempt.leaks.map { left($0, "\(attempt.file) cannot be written: \(error.localizedDescription)") }
        }
        var keep = false
        defer {
            if !keep {
                do {
                    try LintFixing.replace(path, with: attempt.fix.original)
                } catch {
                    Console.error("could not put \(path) back: \(error.localizedDescription); its original text is in git or the diff above")
                }
            }
        }
        let suite = SuiteRun(package: package, scratch: scratch, filters: Set(attempt.leaks.map(\.filter)).sorted(), swiftArguments: [])
        let outcome: SuiteRun.Outcome
        do {
            outcome = try suite.runOnTheSwitch(checkout: nil)
        } catch {
            switch error {
            case .interrupted(let signal):
                Console.error("interrupted; \(attempt.file) was put back as it was")
                throw ExitCode(128 + signal)
            case .buildFailed(let errors, _):
                let firstError = errors.first.map { ": \($0)" } ?? ""
                return attempt.leaks.map { left($0, "the fix does not build\(firstError)") }
            case .badInput(let input):
                return attempt.leaks.map { left($0, "the test did not run after the fix: \(input.message)") }
            case .failed(let message, _):
                return attempt.leaks.map { left($0, "the test did not run after the fix: \(message)") }
            }
        }
        if let signal = Interruption.caught {
            Console.error("interrupted; \(attempt.file) was put back as it was")
            throw ExitCode(128 + signal)
        }
        let failures = attempt.leaks.compactMap { leak -> FixedLeak? in
            guard let verdict = outcome.verdicts.first(where: { $0.name == leak.test }) else {
                return left(leak, "the test did not run after the fix")
            }
            if verdict.passed == false { return left(leak, "the test fails after the fix") }
            if let still = verdict.report.leaks.first(where: { $0.heldBy == nil && $0.typeName == leak.type }) {
                let holder = still.causes.first?.summary ?? still.cycle?.description ?? "a reference the report does not name"
                return left(leak, "the fix compiles but the object is still held by \(holder)")
            }
            return nil
        }
        guard failures.isEmpty else {
            let failed = Set(failures.map(\.test))
            return failures + attempt.leaks.filter { !failed.contains($0.test) }.map {
                left($0, "its fix was reverted with the others in \(attempt.file)")
            }
        }
        keep = true
        return []
    }

    private func left(_ leak: FixedLeak, _ reason: String) -> FixedLeak {
        var leak = leak
        leak.reason = reason
        return leak
    }

    /// Exits with 64 when a file it would touch has uncommitted changes (a package outside git has none).
    private func refuseUncommitted(_ attempts: [FixPlan.Attempt], in package: URL) throws {
        guard !allowDirty, let git = ChildProcess.find("git") else { return }
        let dirty = attempts.map(\.file).filter { file in
            guard let status = try? ChildProcess.run(git, ["-C", package.path, "status", "--porcelain", "--", file], timeLimit: 60) else {
                return false
            }
            return status.termination == .exited(0) && !status.stdout.isEmpty
        }
        guard dirty.isEmpty else {
            throw BadInput("uncommitted changes in \(dirty.joined(separator: ", ")): rxleaks fix would write over them",
                           hint: "Commit or stash them first, or pass --allow-dirty.").report()
        }
    }
}

/// `text` or `json`.
enum FixOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// What a `rxleaks fix` run did.
struct FixResult: Encodable {
    var dryRun: Bool
    var filesChanged: [String] = []
    var fixed: [FixedLeak] = []
    var left: [FixedLeak]
    var diffs: [String] = []

    var text: String {
        var text = diffs.joined()
        for file in filesChanged { text += "changed \(file)\n" }
        for leak in fixed {
            text += dryRun ? "would try \(leak.test): \(leak.place)\n"
                : "fixed \(leak.test): \(leak.place); the test passes and no longer leaks it\n"
        }
        for leak in left { text += "left \(leak.test): \(leak.place): \(leak.reason ?? "")\n" }
        let total = fixed.count + left.count
        guard total > 0 else { return text + "no leak to fix\n" }
        let files = dryRun ? diffs.count : filesChanged.count
        return text + "\(dryRun ? "would try to fix" : "fixed") \(fixed.count) of \(total) leak\(total == 1 ? "" : "s")"
            + " in \(files) file\(files == 1 ? "" : "s"), \(left.count) left" + (dryRun ? "; nothing was written" : "") + "\n"
    }

    func json() throws -> String {
        try JSONOutput.document(self)
    }
}
#endif
