#if Lint
import Foundation
import LeakLint
import LeakSuiteRecords

/// `rxleaks fix` writing its attempts one at a time: each edit goes on top of
/// the edits kept before it in its file, and stays only when the leaking tests,
/// run again, pass as before and no longer leak their type. Once every
/// attempt is made, one run of the other tests checks that none changed.
/// It runs tests and writes files only through the `runner` and `writer` it is
/// given, and prints nothing: what went wrong on the way is in ``notes``.
struct FixSession {
    /// Runs the package's tests: those `filters` select, or (nil) all the selected ones.
    typealias Runner = (_ filters: [String]?) throws(SuiteRun.Failure) -> SuiteRun.Outcome
    /// Writes `text` over the file at `path`.
    typealias Writer = (_ path: String, _ text: String) throws -> Void

    /// A signal arrived while an edit was under test, after the file was put back.
    struct Interrupted: Error {
        let signal: Int32
        /// `interrupted; File.swift was put back as it was`, or nil when no file was being tried.
        let message: String?
    }

    private let runner: Runner
    private let writer: Writer
    /// The first run's verdicts, by test name.
    private let before: [String: SuiteVerdict]
    /// The edits kept, by file path; all made on the file as the plan read it.
    private var kept: [String: (attempt: FixPlan.Attempt, edits: [SourceEdit])] = [:]
    /// The paths of ``kept``, in the order their first edit was kept.
    private var keptPaths: [String] = []
    private(set) var filesChanged: [String] = []
    /// What went wrong without stopping the session (a file not put back, a run that did not happen), for stderr.
    private(set) var notes: [String] = []
    private(set) var fixed: [FixedLeak] = []
    private(set) var left: [FixedLeak] = []
    /// The tests each kept edit was proven by, with the types they no longer leak.
    private var cleared: [String: Set<String>] = [:]

    /// Why an attempt is not made: an earlier fix in its file changed the same code.
    static let overlapping = "another fix changes the same code: run rxleaks fix again"

    init(before: [SuiteVerdict], runner: @escaping Runner, writer: @escaping Writer) {
        self.before = Dictionary(before.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        (self.runner, self.writer) = (runner, writer)
    }

    /// Makes `attempt` on top of its file's kept edits and keeps it when its tests prove it.
    mutating func `try`(_ attempt: FixPlan.Attempt) throws(Interrupted) {
        guard let leaks = admit(attempt) else { return }
        let keptEdits = kept[attempt.path]?.edits ?? []
        let current = attempt.original.applying(keptEdits)
        let failures = try verify(
            attempt.file, path: attempt.path, leaks: leaks,
            writing: attempt.original.applying(keptEdits + attempt.edits), over: current)
        guard let outcome = failures.outcome else {
            left += failures.left
            return
        }
        keep(attempt)
        if !filesChanged.contains(attempt.file) { filesChanged.append(attempt.file) }
        fixed += leaks
        for verdict in outcome.verdicts {
            let still = Set(verdict.report.leaks.filter { $0.heldBy == nil }.map(\.typeName))
            let gone = Set(before[verdict.name]?.report.leaks.map(\.typeName) ?? []).subtracting(still)
            cleared[verdict.name, default: []].formUnion(gone)
        }
    }

    /// What `--dry-run` shows of `attempt`: the session's own rules without a
    /// run, as if its tests proved every edit that does not overlap one kept before it.
    mutating func preview(_ attempt: FixPlan.Attempt) {
        guard let leaks = admit(attempt) else { return }
        keep(attempt)
        fixed += leaks
    }

    /// The unified diff of each file's kept edits, in the order the files were first changed.
    var diffs: [String] {
        keptPaths.compactMap { kept[$0] }.map { entry in
            UnifiedDiff.between(
                entry.attempt.original, entry.attempt.original.applying(entry.edits), path: entry.attempt.file)
        }
    }

    /// The leaks of `attempt` still to fix, or nil when there is none or its
    /// edits overlap the ones kept in its file (then its leaks are left, saying so).
    private mutating func admit(_ attempt: FixPlan.Attempt) -> [FixedLeak]? {
        let leaks = attempt.leaks.filter { cleared[$0.test]?.contains($0.type) != true }
        fixed += attempt.leaks.filter { cleared[$0.test]?.contains($0.type) == true }
        guard !leaks.isEmpty else { return nil }
        let keptEdits = kept[attempt.path]?.edits ?? []
        if attempt.edits.contains(where: { edit in keptEdits.contains { $0.overlaps(edit) } }) {
            left += leaks.map { $0.left(Self.overlapping) }
            return nil
        }
        return leaks
    }

    /// Adds `attempt`'s edits to those kept in its file.
    private mutating func keep(_ attempt: FixPlan.Attempt) {
        if kept[attempt.path] == nil { keptPaths.append(attempt.path) }
        kept[attempt.path] = (attempt, (kept[attempt.path]?.edits ?? []) + attempt.edits)
    }

    /// The leaks the plan left that a kept edit ended anyway (the other side of
    /// a cycle it broke) move to ``fixed``; the others are returned.
    mutating func settle(_ planLeft: [FixedLeak]) -> [FixedLeak] {
        let ended = planLeft.filter { cleared[$0.test]?.contains($0.type) == true }
        fixed += ended.map { leak in
            var leak = leak
            leak.reason = nil
            return leak
        }
        return planLeft.filter { cleared[$0.test]?.contains($0.type) != true }
    }

    /// One more run of the tests the options select, with every kept edit in
    /// place: each test must pass or fail as in the first run, and only the
    /// tests a fix was proven by may change verdict (to clean, or fewer
    /// leaks), besides tests that come out clean (a fix may end another test's
    /// leak or work left too). When another test changed, every kept edit is undone.
    mutating func checkTheOtherTests() throws(Interrupted) {
        guard !kept.isEmpty else { return }
        let outcome: SuiteRun.Outcome
        do {
            outcome = try runner(nil)
        } catch {
            // Each kept edit was proven by its own tests; a run that cannot judge the rest is reported, not undone.
            notes.append(
                "the check of the other tests did not run (\(error)); each fix kept was proven by its own tests")
            if case .interrupted(let signal) = error { throw Interrupted(signal: signal, message: nil) }
            return
        }
        let changed = outcome.verdicts.compactMap { after -> String? in
            guard let earlier = before[after.name] else { return nil }
            let changedVerdict = after.verdict != earlier.verdict && after.verdict != .clean
            if earlier.passed != after.passed || (changedVerdict && cleared[after.name] == nil) {
                return "\(after.name) went from \(Self.describe(earlier)) to \(Self.describe(after))"
            }
            return nil
        }
        guard !changed.isEmpty else { return }
        for (path, entry) in kept {
            do {
                try writer(path, entry.attempt.original)
            } catch {
                notes.append("could not put \(path) back: \(error.localizedDescription); its original text is in git")
            }
        }
        let reason = "reverted with every other fix: with them all in place \(changed.joined(separator: "; "))"
        left += fixed.map { $0.left(reason) }
        fixed = []
        filesChanged = []
        kept = [:]
        keptPaths = []
        cleared = [:]
    }

    private static func describe(_ verdict: SuiteVerdict) -> String {
        "\(verdict.verdict.rawValue) (\(verdict.passed == false ? "failed" : "passed"))"
    }

    /// Writes `fixed` over the file, whose text is `current`, and re-runs the
    /// leaks' tests. The file gets `current` back (also when interrupted or on
    /// any error) unless each test passes or fails as it did before and no
    /// longer leaks its type. Returns the run when the edit stays, else the leaks left with why.
    private mutating func verify(
        _ file: String, path: String, leaks: [FixedLeak], writing fixed: String,
        over current: String
    ) throws(Interrupted) -> (outcome: SuiteRun.Outcome?, left: [FixedLeak]) {
        do {
            try writer(path, fixed)
        } catch {
            return (nil, leaks.map { $0.left("\(file) cannot be written: \(error.localizedDescription)") })
        }
        var keep = false
        defer {
            if !keep {
                do {
                    try writer(path, current)
                } catch {
                    notes.append(
                        "could not put \(path) back: \(error.localizedDescription); its original text is in git or the diff above"
                    )
                }
            }
        }
        let outcome: SuiteRun.Outcome
        do {
            outcome = try runner(Set(leaks.map(\.filter)).sorted())
        } catch {
            switch error {
            case .interrupted(let signal):
                throw Interrupted(signal: signal, message: "interrupted; \(file) was put back as it was")
            case .buildFailed(let errors, _):
                let firstError = errors.first.map { ": \($0)" } ?? ""
                return (nil, leaks.map { $0.left("the fix does not build\(firstError)") })
            case .badInput(let input):
                return (nil, leaks.map { $0.left("the test did not run after the fix: \(input.message)") })
            case .failed(let message, _):
                return (nil, leaks.map { $0.left("the test did not run after the fix: \(message)") })
            }
        }
        if let signal = Interruption.caught {
            throw Interrupted(signal: signal, message: "interrupted; \(file) was put back as it was")
        }
        let failures = leaks.compactMap { leak -> FixedLeak? in
            guard let verdict = outcome.verdicts.first(where: { $0.name == leak.test }) else {
                return leak.left("the test did not run after the fix")
            }
            if verdict.passed == false, before[leak.test]?.passed != false {
                return leak.left("the test fails after the fix: the fix changes what the test checks")
            }
            if let still = verdict.report.leaks.first(where: { $0.heldBy == nil && $0.typeName == leak.type }) {
                let holder =
                    still.causes.first?.summary ?? still.cycle?.description ?? "a reference the report does not name"
                return leak.left("the fix compiles but the object is still held by \(holder)")
            }
            return nil
        }
        guard failures.isEmpty else {
            let failed = Set(failures.map(\.test))
            return (
                nil,
                failures
                    + leaks.filter { !failed.contains($0.test) }.map {
                        $0.left("its fix was reverted with the others of the same edit to \(file)")
                    }
            )
        }
        keep = true
        return (outcome, [])
    }
}
#endif
