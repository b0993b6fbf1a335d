import Foundation
import LeakSuiteRecords
import Leaks
import Synchronization
import Testing

/// Swift Testing in the whole-suite mode. Tests run in parallel in one
/// process and no hook runs around each without a trait, so what a library
/// makes outside any check is attributed to the running test (`Test.current`,
/// a task-local: parallel tests each see their own) through ``UnscopedWork``;
/// every test's check is judged once the process ends, when all tests are over.
enum SwiftTestingSuiteChecks {
    private static let state = Mutex<State>(State())

    private struct State {
        var checks: [Test.ID: Entry] = [:]
        var order: [Test.ID] = []
        var judgesAtExit = false
    }

    private struct Entry {
        let name: String
        let check: OpenLeakCheck
        var ownCheck = false
        /// The reason of the test's `.leaksIgnored(because:)` trait, or its suite's.
        var ignoredBecause: String?
    }

    static func install() {
        UnscopedWork.attribute(
            to: { Test.current.flatMap { check(for: $0) } },
            existing: { Test.current.flatMap { test in state.withLock { $0.checks[test.id]?.check } } })
    }

    /// The check of `test`, opened the first time the test makes something.
    private static func check(for test: Test) -> OpenLeakCheck? {
        guard !test.isSuite else { return nil }
        let (check, isFirst) = state.withLock { state -> (OpenLeakCheck, Bool) in
            if let entry = state.checks[test.id] { return (entry.check, false) }
            let name = displayName(of: test)
            let ignored = test.traits.lazy.compactMap { $0 as? LeaksIgnoredTrait }.first?.reason
            let entry = Entry(
                name: name, check: OpenLeakCheck(name, ambient: false, closureBudget: SuiteMode.closureBudget),
                ignoredBecause: ignored)
            state.checks[test.id] = entry
            state.order.append(test.id)
            defer { state.judgesAtExit = true }
            return (entry.check, !state.judgesAtExit)
        }
        // Registered late, so it runs before the handlers the runtime and
        // Foundation registered at start-up.
        if isFirst { atexit { SwiftTestingSuiteChecks.judgeAll() } }
        return check
    }

    /// `Module.Suite/function()`: the test's ID without its source location.
    private static func displayName(of test: Test) -> String {
        let components = "\(test.id)".split(separator: "/", omittingEmptySubsequences: false)
        guard let last = components.last, last.contains(".swift:") else { return "\(test.id)" }
        return components.dropLast().joined(separator: "/")
    }

    /// `test` runs `.leakChecked`: its own check judges what it makes.
    static func noteOwnCheck(_ test: Test) {
        guard SuiteMode.isOn else { return }
        _ = check(for: test)
        state.withLock { $0.checks[test.id]?.ownCheck = true }
    }

    /// Settles and judges every test's check, in the order the tests began.
    private static func judgeAll() {
        UnscopedWork.attribute(to: nil)
        let entries = state.withLock { state in state.order.compactMap { state.checks[$0] } }
        for entry in entries {
            let report = entry.check.finish(settle: SuiteMode.settle)
            SuiteMode.output?.write(
                SuiteVerdict(
                    framework: .swiftTesting, name: entry.name, ownCheck: entry.ownCheck,
                    passed: nil, report: SuiteVerdict.Report(report), text: report.description,
                    ignoredBecause: entry.ignoredBecause))
        }
    }
}
