#if Lint
import ArgumentParser
import ChildProcesses
import Foundation
import ReportFormats
import LeakLint

/// `rxleaks fix`: runs a package's tests as `rxleaks test` does, makes a fix
/// for each leak from what holds it (``FixPlan``), and keeps each edit only
/// when re-running the leaking test proves it (``FixSession``).
struct FixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract:
            "Fix the leaks a package's tests show, keeping each fix only when its tests, re-run, no longer leak "
            + "and pass or fail as before.",
        discussion: """
            Runs the tests as rxleaks test does (same scratch folder). For each leaking test's root leak it picks a \
            fix: the lint's, when the holding reference (the suspect edge, File.swift:12) is in a finding a rule can \
            fix (as rxleaks lint --fix makes it, and only that one); else, for a plain-Swift leak, weak var for a \
            delegate it is handed, or [weak self] in the stored closure, work item (stored, or kept in a local then \
            stored), task (inside its loop, with the task cancelled in deinit) or observer block (with the observer \
            removed in deinit, and a center the initializer is given kept in a property) that holds it. One \
            fix at a time, each on top of those kept \
            before it, it writes the file atomically, rebuilds and re-runs that leak's tests (--filter). The edit \
            stays only when those tests pass or fail as before and no longer leak that type; otherwise the file is \
            written back and the reason given. Once an edit is kept, one more run of all the selected tests checks \
            that no other test changed verdict or result, else every kept edit is undone. Ctrl-C or SIGTERM while \
            an edit is under test writes the file back. \
            It refuses to touch a file with uncommitted changes (git status) unless --allow-dirty, and a package \
            outside a git checkout, whose edits git could not undo, unless --no-git. \
            Exit status 0 when every leak was fixed or none was found, 1 when some are left, 64 for bad input.
            """)

    @OptionGroup var suite: SuiteRunOptions

    @Flag(help: "Print the unified diffs of the fixes it would try; write nothing.")
    var dryRun = false

    @Flag(help: "Fix files with uncommitted changes too.")
    var allowDirty = false

    @Flag(help: "Fix a package that is not in a git checkout, with no way back but the fixes' own diffs.")
    var noGit = false

    @Option(help: "Output: text or json.")
    var format: FixOutputFormat = .text

    func run() throws {
        let package = suite.package
        // Before the run, which takes minutes: the answer does not depend on it.
        if !dryRun { try refuseOutsideGit(package) }
        // Noted for the whole run, so that a signal between two test runs also finds the original put back.
        Interruption.install()
        defer { Interruption.uninstall() }
        let outcome = try suite.suiteRun.runForCommand(checkout: suite.rxleaks)
        let plan = FixPlan(outcome.verdicts, package: package)
        var result = FixResult(dryRun: dryRun, left: plan.left)
        let suite = suite
        var session = FixSession(
            before: outcome.verdicts,
            runner: { filters throws(SuiteRun.Failure) in
                try (filters.map(suite.suiteRun(filters:)) ?? suite.suiteRun).runOnTheSwitch(checkout: suite.rxleaks)
            },
            writer: LintFixing.replace)
        if dryRun {
            // File by file, as the diffs are shown.
            for attempt in Self.byFile(plan.attempts).flatMap(\.1) { session.preview(attempt) }
            result.left += session.left
            result.fixed = session.fixed
            result.diffs = session.diffs
        } else {
            try refuseUncommitted(plan.attempts, in: package)
            do {
                for attempt in plan.attempts { try session.try(attempt) }
                try session.checkTheOtherTests()
            } catch {
                for note in session.notes { Console.error(note) }
                if let message = error.message { Console.error(message) }
                throw ExitCode(128 + error.signal)
            }
            for note in session.notes { Console.error(note) }
            result.left = session.settle(plan.left) + session.left
            result.filesChanged = session.filesChanged
            result.fixed = session.fixed
        }
        switch format {
        case .text: Console.write(result.text)
        case .json: Console.write(try result.json())
        }
        if !result.left.isEmpty { throw ExitCode.failure }
    }

    /// The attempts grouped by file, in the plan's order.
    private static func byFile(_ attempts: [FixPlan.Attempt]) -> [(String, [FixPlan.Attempt])] {
        var files: [String] = []
        var grouped: [String: [FixPlan.Attempt]] = [:]
        for attempt in attempts {
            if grouped[attempt.path] == nil { files.append(attempt.path) }
            grouped[attempt.path, default: []].append(attempt)
        }
        return files.map { ($0, grouped[$0] ?? []) }
    }

    /// Exits with 64 when the package is not in a git checkout (or git is missing) and `--no-git` was not given:
    /// the edits it keeps would have no way back.
    private func refuseOutsideGit(_ package: URL) throws {
        guard !noGit else { return }
        let inside = ChildProcess.find("git").flatMap { git in
            try? ChildProcess.run(git, ["-C", package.path, "rev-parse", "--is-inside-work-tree"], timeLimit: 60)
        }
        guard inside?.termination != .exited(0) else { return }
        throw BadInput(
            "\(package.path) is not in a git checkout: rxleaks fix edits its sources in place, and nothing could "
                + "undo the edits it keeps",
            hint: "Commit the package to git first (git init, git add -A, git commit), or pass --no-git."
        ).report()
    }

    /// Exits with 64 when a file it would touch has uncommitted changes (a package outside git has none).
    private func refuseUncommitted(_ attempts: [FixPlan.Attempt], in package: URL) throws {
        guard !allowDirty, let git = ChildProcess.find("git") else { return }
        let dirty = attempts.map(\.file).filter { file in
            guard
                let status = try? ChildProcess.run(
                    git, ["-C", package.path, "status", "--porcelain", "--", file], timeLimit: 60)
            else {
                return false
            }
            return status.termination == .exited(0) && !status.stdout.isEmpty
        }
        guard dirty.isEmpty else {
            throw BadInput(
                "uncommitted changes in \(dirty.joined(separator: ", ")): rxleaks fix would write over them",
                hint: "Commit or stash them first, or pass --allow-dirty."
            ).report()
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
            text +=
                dryRun
                ? "would try \(leak.test): \(leak.place)\n"
                : "fixed \(leak.test): \(leak.place); re-run with the fix, the test "
                    + (leak.passedBefore == false ? "fails as it did before" : "passes")
                    + " and no longer leaks it\n"
        }
        for leak in left { text += "left \(leak.test): \(leak.place): \(leak.reason ?? "")\n" }
        let total = fixed.count + left.count
        guard total > 0 else { return text + "no leak to fix\n" }
        let files = dryRun ? diffs.count : filesChanged.count
        return text + "\(dryRun ? "would try to fix" : "fixed") \(fixed.count) of \(total) leak\(total == 1 ? "" : "s")"
            + " in \(files) file\(files == 1 ? "" : "s"), \(left.count) left" + (dryRun ? "; nothing was written" : "")
            + "\n"
    }

    func json() throws -> String {
        try JSONOutput.document(self)
    }
}
#endif
