#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest

/// Fault injection into `rxleaks test` (docs/reliability.md): runs on a copy of
/// Tests/Fixtures/LeakyApp are killed with SIGKILL at random moments before,
/// during and after the build and during the tests; after each, the package is
/// byte for byte as it was, no process of the run is left, and the next run
/// gives the full, right set of rows. Then two and three runs at once on the
/// package, and a test that crashes. One scratch folder for the class: the
/// first run builds, the others build incrementally. The copy has two tests
/// more: one crashes when `LEAKYAPP_CRASH=1` reaches it, one hangs when
/// `LEAKYAPP_HANG=1` does (for the per-test time limit, and SIGTERM).
/// `RXLEAKS_FAULT_SEED=N` replays one choice of kill points.
final class TestRunFaultTests: XCTestCase {
    private static let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "rxleaks-faults-\(UUID().uuidString)")
    private static let package = root.appendingPathComponent("LeakyApp")
    private static let scratch = root.appendingPathComponent("scratch")
    private static let crashingTest = "ZZCrashOnRequestTests.testCrashesWhenAsked"
    private static let hangingTest = "ZZHangOnRequestTests.testHangsWhenAsked"
    /// The rows of an undisturbed run, made by the first test that needs them.
    nonisolated(unsafe) private static var reference: [String: String]?

    override class func setUp() {
        super.setUp()
        let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/LeakyApp")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try? FileManager.default.copyItem(at: fixture, to: package)
        try? Data(
            """
            import Foundation
            import XCTest

            /// Added by TestRunFaultTests to its copy of the fixture.
            final class ZZCrashOnRequestTests: XCTestCase {
                func testCrashesWhenAsked() {
                    if ProcessInfo.processInfo.environment["LEAKYAPP_CRASH"] == "1" { fatalError("crash on request") }
                }
            }

            /// Added by TestRunFaultTests to its copy of the fixture.
            final class ZZHangOnRequestTests: XCTestCase {
                func testHangsWhenAsked() {
                    while ProcessInfo.processInfo.environment["LEAKYAPP_HANG"] == "1" { sleep(1) }
                }
            }

            """.utf8
        ).write(to: package.appendingPathComponent("Tests/LeakyAppTests/CrashOnRequestTests.swift"))
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(at: root)
        super.tearDown()
    }

    private var arguments: [String] {
        ["test", "--package-path", Self.package.path, "--scratch-path", Self.scratch.path, "--format", "json"]
    }

    /// Each test's row as `verdict passed=… counted=…`, by name; a second row for a name fails.
    private func rows(_ run: CLI.Invocation, file: StaticString = #filePath, line: UInt = #line) throws -> [String:
        String]
    {
        var rows: [String: String] = [:]
        for test in try run.json()["tests"]?.arrayValue ?? [] {
            let name = try XCTUnwrap(test["name"]?.stringValue, file: file, line: line)
            XCTAssertNil(rows[name], "two rows for \(name)", file: file, line: line)
            rows[name] =
                "\(test["verdict"]?.stringValue ?? "?") passed=\(test["passed"]?.boolValue.map(String.init) ?? "nil") "
                + "counted=\(test["counts"] != nil)"
        }
        return rows
    }

    /// The rows of an undisturbed run: the fixture's ten tests and the two that crash or hang on request.
    private func referenceRows() throws -> [String: String] {
        if let reference = Self.reference { return reference }
        let run = try CLI.start(arguments).finish()
        XCTAssertEqual(run.status, 1, run.stderr)
        let rows = try rows(run)
        XCTAssertEqual(rows.count, 12, "\(rows)")
        XCTAssertEqual(
            Set(rows.filter { $0.value.hasPrefix("leaked ") }.keys),
            [
                "SearchViewModelTests.testSearchFindsResults", "CounterViewModelTests.testCountsTapsInSteps",
                "LeakyAppTests.ProfilePresenterTests/showsTheSelectedProfile()",
            ])
        XCTAssertEqual(rows[Self.crashingTest], "clean passed=true counted=true")
        XCTAssertEqual(rows[Self.hangingTest], "clean passed=true counted=true")
        Self.reference = rows
        return rows
    }

    /// Where in a run a kill point falls.
    private enum Phase: CaseIterable {
        case beforeTheBuild, duringTheBuild, afterTheBuild, duringTheTests
    }

    func testSIGKILLAtRandomPointsLeavesThePackageAsItWasAndNoProcessAndTheNextRunIsRight() throws {
        let reference = try referenceRows()
        let before = try CLI.snapshot(Self.package)
        let seed =
            ProcessInfo.processInfo.environment["RXLEAKS_FAULT_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 1...UInt64(UInt32.max))
        var random = SeededGenerator(seed: seed)
        let sources = [
            "Sources/LeakyApp/CounterViewModel.swift", "Sources/LeakyApp/SearchViewModel.swift",
            "Tests/LeakyAppTests/CounterViewModelTests.swift",
        ]
        var kills: [String] = []
        for round in 0..<3 {
            for phase in Phase.allCases {
                // The build has something to compile (content unchanged: the snapshot compares bytes).
                let touched = Self.package.appendingPathComponent(sources.randomElement(using: &random)!)
                try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: touched.path)
                let point = "kill point \(kills.count + 1) (seed \(seed), round \(round + 1)): \(phase)"
                let at = try killRun(at: phase, random: &random)
                kills.append("\(point) \(at)")
                XCTAssertEqual(try CLI.snapshot(Self.package), before, "\(point) \(at): the package changed")
                XCTAssertEqual(CLI.processesLeft(mentioning: Self.root.path), [], "\(point) \(at): processes left")
                let next = try CLI.start(arguments).finish()
                XCTAssertEqual(next.status, 1, "\(point) \(at): the next run: \(next.stderr)")
                XCTAssertEqual(try rows(next), reference, "\(point) \(at): the next run's rows")
            }
        }
        print("SIGKILL points:\n" + kills.joined(separator: "\n"))
    }

    /// Starts a run, kills it with SIGKILL at a random moment of `phase`; says when.
    private func killRun(at phase: Phase, random: inout SeededGenerator) throws -> String {
        let run = try CLI.start(arguments)
        let started = Date()
        let wait: Double
        switch phase {
        case .beforeTheBuild:
            wait = Double.random(in: 0...0.4, using: &random)
        case .duringTheBuild:
            guard waitFor(run, until: { self.running("swift-build") }) else { return "(the run ended first)" }
            wait = Double.random(in: 0...2, using: &random)
        case .afterTheBuild:
            guard waitFor(run, until: { self.running("swift-build") }),
                waitFor(run, until: { !self.running("swift-build") })
            else { return "(the run ended first)" }
            wait = Double.random(in: 0...0.05, using: &random)
        case .duringTheTests:
            guard waitFor(run, until: { self.running("swift-test") }) else { return "(the run ended first)" }
            wait = Double.random(in: 0...1.5, using: &random)
        }
        if run.hasEnded(within: wait) { return "(the run ended first)" }
        let building = running("swift-build"), testing = running("swift-test")
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        kill(run.pid, SIGKILL)
        let killed = try run.finish()
        // What the run started must end with it.
        let left = CLI.processesLeft(mentioning: Self.root.path, within: 2)
        XCTAssertEqual(left, [], "processes outlived the killed run")
        // A run that exited between `hasEnded` and the signal ends with its own status: the signal reached no
        // live process, and what it left was checked all the same.
        if killed.status != SIGKILL { return "(the run ended first, status \(killed.status))" }
        return "at \(seconds) s, \(building ? "swift build" : testing ? "swift test" : "no swift") running"
    }

    /// Waits (polling every 5 ms, 10 minutes at most) until `condition` holds while `run` runs; whether it did.
    private func waitFor(_ run: CLI.Running, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(600)
        while Date() < deadline {
            if condition() { return true }
            if run.hasEnded(within: 0.005) { return false }
        }
        return false
    }

    /// Whether one of the runs' processes is `tool` (`swift-build`, `swift-test`).
    private func running(_ tool: String) -> Bool {
        CLI.processes(mentioning: Self.root.path).contains {
            $0.split(separator: " ").dropFirst().first?.hasSuffix(tool) == true
        }
    }

    func testTwoAndThreeRunsAtOnceEachGiveTheFullRowsOfTheirOwn() throws {
        let reference = try referenceRows()
        let before = try CLI.snapshot(Self.package)
        for count in [2, 3] {
            let runs = try (0..<count).map { _ in try CLI.start(arguments) }
            let results = try runs.map { try $0.finish() }
            for (index, run) in results.enumerated() {
                XCTAssertEqual(run.status, 1, "\(count) at once, run \(index + 1): \(run.stderr)")
                XCTAssertEqual(try rows(run), reference, "\(count) at once, run \(index + 1)")
            }
            let waited = results.filter {
                $0.stderr.contains("another rxleaks test is running in \(Self.scratch.path) (pid ")
            }
            XCTAssertEqual(waited.count, count - 1, results.map(\.stderr).joined(separator: "\n"))
            XCTAssertEqual(try CLI.snapshot(Self.package), before, "\(count) runs at once changed the package")
            XCTAssertEqual(CLI.processesLeft(mentioning: Self.root.path), [])
        }
    }

    func testACrashingTestIsNamedWithItsSignalAfterTheRowsOfTheTestsThatRan() throws {
        let reference = try referenceRows()
        let before = try CLI.snapshot(Self.package)
        let run = try CLI.start(arguments, environment: ["LEAKYAPP_CRASH": "1", "SWIFT_BACKTRACE": "enable=no"])
            .finish()
        XCTAssertEqual(run.status, 1, run.stderr)
        let document = try run.json()
        XCTAssertEqual(try CLI.testSchema().violations(of: document), [])
        var rows = try rows(run)
        XCTAssertEqual(rows.removeValue(forKey: Self.crashingTest), "crashed passed=false counted=false")
        XCTAssertFalse(rows.isEmpty, "no row for the tests that ran before the crash")
        for (name, row) in rows { XCTAssertEqual(row, reference[name], name) }
        let crashed = try XCTUnwrap(
            document["tests"]?.arrayValue?.first { $0["name"]?.stringValue == Self.crashingTest })
        XCTAssertEqual(crashed["crashSignal"]?.numberValue, Double(SIGILL))
        XCTAssertTrue(
            crashed["report"]?.stringValue?.contains("crashed (SIGILL, fatal error: crash on request)") == true,
            crashed["report"]?.stringValue ?? "no report")
        XCTAssertEqual(document["summary"]?["crashed"]?.numberValue, 1)
        XCTAssertEqual(try CLI.snapshot(Self.package), before)
        XCTAssertEqual(CLI.processesLeft(mentioning: Self.root.path), [])
    }
}

extension TestRunFaultTests {
    /// A test still running after `--test-time-limit` has its process ended and a timed-out row; every other
    /// test is judged as in an undisturbed run.
    func testAHungTestTimesOutAndEveryOtherTestIsJudged() throws {
        let reference = try referenceRows()
        let run = try CLI.start(arguments + ["--test-time-limit", "5"], environment: ["LEAKYAPP_HANG": "1"]).finish()
        XCTAssertEqual(run.status, 1, run.stderr)
        let document = try run.json()
        XCTAssertEqual(try CLI.testSchema().violations(of: document), [])
        var rows = try rows(run)
        XCTAssertEqual(rows.removeValue(forKey: Self.hangingTest), "timedOut passed=false counted=false")
        var others = reference
        others[Self.hangingTest] = nil
        XCTAssertEqual(rows, others)
        let hung = try XCTUnwrap(
            document["tests"]?.arrayValue?.first { $0["name"]?.stringValue == Self.hangingTest })
        XCTAssertEqual(hung["timeLimitSeconds"]?.numberValue, 5)
        XCTAssertTrue(
            hung["report"]?.stringValue?.contains("timed out: it ran for more than 5 s (--test-time-limit)") == true,
            hung["report"]?.stringValue ?? "no report")
        XCTAssertEqual(document["summary"]?["timedOut"]?.numberValue, 1)
        XCTAssertEqual(CLI.processesLeft(mentioning: Self.root.path), [])
    }

    /// SIGTERM while the tests run: the verdicts judged by then are written, the report says it is
    /// incomplete, and the run ends with 128 + SIGTERM.
    func testSIGTERMWritesTheVerdictsJudgedSoFar() throws {
        let reference = try referenceRows()
        let results = Self.scratch.appendingPathComponent("verdicts.jsonl")
        try? FileManager.default.removeItem(at: results)
        let run = try CLI.start(arguments, environment: ["LEAKYAPP_HANG": "1"])
        let hanging = "\"testStarted\":\"\(Self.hangingTest)\""
        let deadline = Date().addingTimeInterval(600)
        while Date() < deadline, !run.hasEnded(within: 0.1) {
            if (try? String(contentsOf: results, encoding: .utf8))?.contains(hanging) == true { break }
        }
        kill(run.pid, SIGTERM)
        let stopped = try run.finish()
        XCTAssertEqual(stopped.status, 128 + SIGTERM, stopped.stderr)
        let document = try stopped.json()
        XCTAssertEqual(try CLI.testSchema().violations(of: document), [])
        XCTAssertEqual(document["summary"]?["interruptedBy"]?.stringValue, "SIGTERM")
        let rows = try rows(stopped)
        XCTAssertNil(rows[Self.hangingTest], "the test running then has no row")
        XCTAssertFalse(rows.isEmpty, "no row for the tests judged before the signal")
        for (name, row) in rows { XCTAssertEqual(row, reference[name], name) }
        XCTAssertEqual(CLI.processesLeft(mentioning: Self.root.path), [])
    }
}

/// SplitMix64: random numbers that a seed replays.
private struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1330_11EB
        return mixed ^ (mixed >> 31)
    }
}
