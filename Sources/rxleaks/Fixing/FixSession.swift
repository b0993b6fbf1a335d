#if Lint
import ArgumentParser
import Foundation
import LeakLint
import LeakSuiteRecords

/// `rxleaks fix` writing its attempts one at a time: each edit goes on top of
/// the edits kept before it in its file, and stays only when the leaking tests,
/// run again, pass as before and no longer leak their type. Once every
/// attempt is made, one run of the other tests checks that none changed.
struct FixSession {
    /// The package, the RxLeaks checkout and the arguments for `swift test` every run uses.
    let options: SuiteRunOptions
    /// The first run's verdicts, by test name.
    private let before: [String: SuiteVerdict]
    /// The edits kept, by file path; all made on the file as the plan read it.
    private var kept: [String: (attempt: FixPlan.Attempt, edits: [SourceEdit])] = [:]
    private(set) var filesChanged: [String] = []
    private(set) var fixed: [FixedLeak] = []
    private(set) var left: [FixedLeak] = []
    /// The tests each kept edit was proven by, with the types they no longer leak.
    private var cleared: [String: Set<String>] = [:]

    /// Why an attempt is not made: an earlier fix in its file changed the same code.
    static let overlapping = "another fix changes the same code: run rxleaks fix again"

    init(_ options: SuiteRunOptions, before: [SuiteVerdict]) {
        self.options = options
        self.before = Dictionary(before.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Makes `attempt` on top of its file's kept edits and keeps it when its tests prove it.
    mutating func `try`(_ attempt: FixPlan.Attempt) throws {
        let leaks = attempt.leaks.filter { cleared[$0.test]?.contains($0.type) != true }
        fixed += attempt.leaks.filter { cleared[$0.test]?.contains($0.type) == true }
        guard !leaks.isEmpty else { return }
        let keptEdits = kept[attempt.path]?.edits ?? []
        if attempt.edits.contains(where: { edit in keptEdits.contains { $0.overlaps(edit) } }) {
            left += leaks.map { $0.left(Self.overlapping) }
            return
        }
        let current = attempt.original.applying(keptEdits)
        let failures = try verify(
            attempt.file, path: attempt.path, leaks: leaks,
            writing: attempt.original.applying(keptEdits + attempt.edits), over: current)
        guard let outcome = failures.outcome else {
            left += failures.left
            return
        }
        kept[attempt.path] = (attempt, keptEdits + attempt.edits)
        if !filesChanged.contains(attempt.file) { filesChanged.append(attempt.file) }
        fixed += leaks
        for verdict in outcome.verdicts {
            let still = Set(verdict.report.leaks.filter { $0.heldBy == nil }.map(\.typeName))
            let gone = Set(before[verdict.name]?.report.leaks.map(\.typeName) ?? []).subtracting(still)
            cleared[verdict.name, default: []].formUnion(gone)
        }
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
    /// leaks). When another test changed, every kept edit is undone.
    mutating func checkTheOtherTests() throws {
        guard !kept.isEmpty else { return }
        let outcome: SuiteRun.Outcome
        do {
            outcome = try options.suiteRun.runOnTheSwitch(checkout: options.rxleaks)
        } catch {
            // Each kept edit was proven by its own tests; a run that cannot judge the rest is reported, not undone.
            Console.error(
                "the check of the other tests did not run (\(error)); each fix kept was proven by its own tests")
            if case .interrupted(let signal) = error { throw ExitCode(128 + signal) }
            return
        }
        let changed = outcome.verdicts.compactMap { after -> String? in
            guard let earlier = before[after.name] else { return nil }
            if earlier.passed != after.passed || (after.verdict != earlier.verdict && cleared[after.name] == nil) {
                return "\(after.name) went from \(Self.describe(earlier)) to \(Self.describe(after))"
            }
            return nil
        }
        guard !changed.isEmpty else { return }
        for (path, entry) in kept {
            do {
                try LintFixing.replace(path, with: entry.attempt.original)
            } catch {
                Console.error("could not put \(path) back: \(error.localizedDescription); its original text is in git")
            }
        }
        let reason = "reverted with every other fix: with them all in place \(changed.joined(separator: "; "))"
        left += fixed.map { $0.left(reason) }
        fixed = []
        filesChanged = []
        kept = [:]
        cleared = [:]
    }

    private static func describe(_ verdict: SuiteVerdict) -> String {
        "\(verdict.verdict.rawValue) (\(verdict.passed == false ? "failed" : "passed"))"
    }

    /// Writes `fixed` over the file, whose text is `current`, and re-runs the
    /// leaks' tests. The file gets `current` back (also when interrupted or on
    /// any error) unless each test passes or fails as it did before and no
    /// longer leaks its type. Returns the run when the edit stays, else the leaks left with why.
    private func verify(
        _ file: String, path: String, leaks: [FixedLeak], writing fixed: String,
        over current: String
    ) throws -> (outcome: SuiteRun.Outcome?, left: [FixedLeak]) {
        do {
            try LintFixing.replace(path, with: fixed)
        } catch {
            return (nil, leaks.map { $0.left("\(file) cannot be written: \(error.localizedDescription)") })
        }
        var keep = false
        defer {
            if !keep {
                do {
                    try LintFixing.replace(path, with: current)
                } catch {
                    Console.error(
                        "could not put \(path) back: \(error.localizedDescription); its original text is in git or the diff above"
                    )
                }
            }
        }
        let outcome: SuiteRun.Outcome
        do {
            outcome = try options.suiteRun(filters: Set(leaks.map(\.filter)).sorted()).runOnTheSwitch(
                checkout: options.rxleaks)
        } catch {
            switch error {
            case .interrupted(let signal):
                Console.error("interrupted; \(file) was put back as it was")
                throw ExitCode(128 + signal)
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
            Console.error("interrupted; \(file) was put back as it was")
            throw ExitCode(128 + signal)
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
