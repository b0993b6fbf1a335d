import Foundation
import LeakSuiteRecords

extension SuiteRun {
    /// What the `swift test` runs of one `rxleaks test` gave: one run, and one more after each test that
    /// timed out, without the tests judged by then.
    struct TestRuns {
        /// The last run's exit status (128 + the signal when interrupted).
        var status: Int32 = 0
        /// Every run's output, in order.
        var log = ""
        /// The last run's output and Swift Testing outcomes: the only run a crash can have ended.
        var lastLog = ""
        var lastSwiftTesting: [SwiftTestingEvents.Outcome] = []
        /// Every run's Swift Testing outcomes.
        var swiftTesting: [SwiftTestingEvents.Outcome] = []
        /// A row for each test that ran past the time limit.
        var timedOut: [SuiteVerdict] = []
        /// The signal that stopped the runs.
        var interruptedBy: Int32?
    }

    /// Runs the built tests; a test still running after ``testTimeLimit`` has its test process ended and
    /// gets a timed-out row, and the tests not judged by then run again without it (at most
    /// ``timedOutTestsAtMost`` times). A signal stops the runs: what was judged by then stays.
    func runTests(_ swift: String, _ common: [String], environment: [String: String], progress: Progress)
        throws(Failure) -> TestRuns
    {
        var runs = TestRuns()
        let watch = RunningTests(results: resultsFile, events: eventsFile(run: 1))
        for attempt in 1... {
            let events = eventsFile(run: attempt)
            let log = "swift-test-\(attempt).log"
            try? FileManager.default.removeItem(at: events)
            watch.watchNextRun(events: events)
            var hung: (name: String, framework: SuiteFramework)?
            let skips = skipArguments(judgedBefore: runs)
            let run: Launch
            do {
                run = try launch(
                    swift,
                    ["test", "--skip-build"] + common + filters.flatMap { ["--filter", $0] } + skips
                        + SwiftTestingEvents.arguments(writingTo: events) + swiftArguments,
                    environment: environment, log: log
                ) {
                    watch.look()
                    progress.status("\(watch.judged) tests judged")
                    hung = watch.hung(limit: testTimeLimit)
                    return hung != nil
                }
            } catch .interrupted(let signal) {
                runs.swiftTesting += SwiftTestingEvents.read(events).filter(\.ended)
                runs.status = 128 + signal
                runs.interruptedBy = signal
                return runs
            } catch {
                throw error
            }
            let output = shadow.packagePaths(in: run.output)
            runs.log += output
            runs.lastLog = output
            runs.lastSwiftTesting = SwiftTestingEvents.read(events)
            runs.status = run.status
            guard run.ended, let hung else {
                runs.swiftTesting += runs.lastSwiftTesting
                return runs
            }
            // The hung test's row is the timed-out one; what ended before it stays.
            runs.swiftTesting += runs.lastSwiftTesting.filter { $0.ended && $0.name != hung.name }
            runs.timedOut.append(timedOut(hung.name, framework: hung.framework))
            guard runs.timedOut.count < Self.timedOutTestsAtMost else { return runs }
        }
        return runs
    }

    /// Swift Testing's event stream of the `run`th `swift test` run.
    private func eventsFile(run: Int) -> URL {
        scratch.appendingPathComponent("swift-testing-events-\(run).jsonl")
    }

    /// The row of a test that ran past the time limit.
    private func timedOut(_ name: String, framework: SuiteFramework) -> SuiteVerdict {
        let seconds = testTimeLimit / .seconds(1)
        return SuiteVerdict(
            framework: framework, name: name, ownCheck: false, passed: false, report: .empty,
            text:
                "Test \"\(name)\" timed out: it ran for more than \(RunSession.seconds(seconds)) s (--test-time-limit), so its test "
                + "process was ended, and the tests not judged by then ran again without it",
            timeLimitSeconds: seconds)
    }

    /// `--skip` for each test a row already stands for: those judged by the mode, those Swift Testing
    /// ended, those that timed out. Each is a regular expression for SwiftPM's test identifier
    /// (`Module.Class/test` for XCTest, `Module.Suite/function()` for Swift Testing).
    private func skipArguments(judgedBefore runs: TestRuns) -> [String] {
        guard !runs.timedOut.isEmpty else { return [] }
        let xctest =
            SuiteResults.read(resultsFile, paths: shadow).verdicts.filter { $0.framework == .xctest }.map(\.name)
            + runs.timedOut.filter { $0.framework == .xctest }.map(\.name)
        let swiftTesting =
            runs.swiftTesting.map(\.name) + runs.timedOut.filter { $0.framework == .swiftTesting }.map(\.name)
        // XCTest names a test `Class.test`; SwiftPM matches `Module.Class/test`.
        let xctestPatterns = xctest.map { name -> String in
            let (type, test) =
                name.lastIndex(of: ".").map { (name[..<$0], name[name.index(after: $0)...]) }
                ?? (name[...], "")
            return "\\." + NSRegularExpression.escapedPattern(for: String(type)) + "/"
                + NSRegularExpression.escapedPattern(for: String(test)) + "$"
        }
        // Swift Testing matches its id, which goes on with the test's source location.
        let swiftTestingPatterns = swiftTesting.map { "^" + NSRegularExpression.escapedPattern(for: $0) + "(/|$)" }
        return Set(xctestPatterns + swiftTestingPatterns).sorted().flatMap { ["--skip", $0] }
    }
}
