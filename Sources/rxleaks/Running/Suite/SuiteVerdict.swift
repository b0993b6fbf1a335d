import Foundation
import LeakSuiteRecords
import Leaks

/// What the whole-suite mode wrote to its results file.
struct SuiteResults {
    var verdicts: [SuiteVerdict] = []
    /// A test process wrote LeakTesting's start-up line (`{"pid":…,"suiteMode":"started"}`):
    /// the mode was linked in and on, even when it judged no test (Swift Testing
    /// tests that make nothing with RxCore get no verdict from it).
    var modeStarted = false

    /// Reads a results file, with the stand-in's paths turned into the
    /// package's; a line that is neither a verdict nor the start-up line (a
    /// process killed while writing) is skipped.
    static func read(_ url: URL, paths shadow: PackageShadow) -> SuiteResults {
        var results = SuiteResults()
        guard let text = (try? String(contentsOf: url, encoding: .utf8)).map(shadow.packagePaths) else {
            return results
        }
        for line in text.split(separator: "\n") {
            switch SuiteLine(decoding: Data(line.utf8)) {
            case .verdict(let verdict): results.verdicts.append(verdict)
            case .start: results.modeStarted = true
            case .testStarted, nil: continue
            }
        }
        return results
    }
}

extension SuiteVerdict {
    /// The mode's verdicts with Swift Testing's outcomes: each Swift Testing
    /// verdict gets its test's pass or failure, and a test that ran but made
    /// nothing with RxCore (so the mode opened no check) a clean verdict.
    /// Swift Testing's rows follow XCTest's, in the order the tests started.
    static func merging(_ verdicts: [SuiteVerdict], swiftTesting outcomes: [SwiftTestingEvents.Outcome])
        -> [SuiteVerdict]
    {
        var passed: [String: Bool] = [:]
        for outcome in outcomes { passed[outcome.name] = (passed[outcome.name] ?? true) && outcome.passed }
        var judged: [String: SuiteVerdict] = [:]
        var rows = verdicts.filter { verdict in
            guard verdict.framework == .swiftTesting, passed[verdict.name] != nil else { return true }
            judged[verdict.name] = verdict
            return false
        }
        for outcome in outcomes where passed[outcome.name] != nil {
            var verdict = judged[outcome.name] ?? SuiteVerdict(madeNothing: outcome.name)
            verdict.passed = passed.removeValue(forKey: outcome.name)
            rows.append(verdict)
        }
        return rows
    }

    /// A Swift Testing test that made nothing with RxCore: nothing was tracked, nothing left.
    private init(madeNothing name: String) {
        self.init(
            framework: .swiftTesting, name: name, ownCheck: false, passed: nil, report: .empty,
            text: "Leak check \"\(name)\": clean (the test made nothing with RxCore)")
    }
}
