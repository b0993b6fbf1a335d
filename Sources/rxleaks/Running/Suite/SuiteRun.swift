import ChildProcesses
import Foundation
import LeakSuiteRecords
import Leaks

/// Builds a package's tests and runs them in LeakTesting's whole-suite mode
/// (`RXLEAKS_SUITE=1`), all in a scratch folder: SwiftPM builds a stand-in of
/// the package there (``PackageShadow``), so no file of the package is ever
/// written, whatever happens to the run. One run at a time per scratch folder
/// (``ScratchLock``); `swift` runs as a ``ChildProcess``, which ends with the run.
struct SuiteRun {
    /// The package's folder.
    let package: URL
    /// The scratch folder: `build` (SwiftPM's `--scratch-path`), `config`
    /// (`--config-path`), `package` (the stand-in), the results file and the logs.
    let scratch: URL
    /// `--filter` patterns for `swift test`.
    let filters: [String]
    /// Arguments after `--`: for `swift test`, and for the build unless they are test-only.
    let swiftArguments: [String]
    /// How long one test may run before its test process is ended and the other tests are run without it.
    var testTimeLimit: Duration = Self.defaultTestTimeLimit
    /// How many times each XCTest test runs in its process, for a growth verdict (`--repeat`); 1: once.
    var repetitions = 1

    /// Five minutes: far beyond a unit test, short enough that a hung test costs a CI job little.
    static let defaultTestTimeLimit = Duration.seconds(300)
    /// Tests that may time out before the run stops trying the rest.
    static let timedOutTestsAtMost = 10

    /// What the run gave.
    struct Outcome {
        var verdicts: [SuiteVerdict]
        /// `swift test`'s exit status: not 0 when a test failed.
        var testStatus: Int32
        /// `swift test`'s output, for a failure's details.
        var testLog: String
        var seconds: Double
        /// The identities of the packages the graph resolved (``KnownLibraryLeaks``).
        var dependencies: Set<String> = []
        /// The signal (Ctrl-C, SIGTERM) that stopped the tests: the verdicts are those judged by then.
        var interruptedBy: Int32?
    }

    /// The run could not give verdicts.
    enum Failure: Error {
        /// Not a package, nothing to test: exit status 64.
        case badInput(BadInput)
        /// The package does not build: each distinct compiler error (or the log's last lines), and the full log.
        case buildFailed(errors: [String], log: URL)
        /// `swift` could not be run, or the tests gave no verdict at all.
        case failed(String, hint: String?)
        /// A signal (Ctrl-C) stopped the run.
        case interrupted(Int32)
    }

    /// `$XDG_CACHE_HOME/rxleaks/test/NAME-HASH` (else `~/.cache/…`), outside the checkout, kept between
    /// runs so that builds are incremental. HASH is of the package's graph as its files declare it (its
    /// manifest and `Package.resolved`), not of its path: copies of one package (a CI checkout in a fresh
    /// folder, the copy `rxleaks fix` is tried on) share one build of their dependencies.
    static func defaultScratch(for package: URL) -> URL {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for file in ["Package.swift", "Package.resolved"] {
            let content = (try? Data(contentsOf: package.appendingPathComponent(file))) ?? Data()
            for byte in content + Data(file.utf8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return base.appendingPathComponent("rxleaks/test/\(package.lastPathComponent)-\(String(hash, radix: 16))")
    }

    var buildFolder: URL { scratch.appendingPathComponent("build") }
    var configFolder: URL { scratch.appendingPathComponent("config") }
    var resultsFile: URL { scratch.appendingPathComponent("verdicts.jsonl") }
    var shadow: PackageShadow {
        PackageShadow(package: package, root: scratch.appendingPathComponent("package"))
    }

    /// Checks that there is something to test; returns the `swift` to run.
    func validate() throws(Failure) -> String {
        let manifest = package.appendingPathComponent("Package.swift")
        guard FileManager.default.fileExists(atPath: manifest.path) else {
            throw .badInput(
                BadInput(
                    "\(package.path) is not a Swift package (no Package.swift)",
                    hint: "Give the package's folder with --package-path DIR."))
        }
        let given = swiftArguments.map { String($0.split(separator: "=", maxSplits: 1).first ?? "") }
        if let clash = SwiftTestingEvents.options.first(where: given.contains) {
            throw .badInput(
                BadInput(
                    "\(clash) cannot be given after --: rxleaks test reads Swift Testing's event stream itself",
                    hint: "Run swift test without rxleaks for an event stream of your own."))
        }
        guard let swift = ChildProcess.find("swift") else { throw .failed("swift is not on PATH", hint: nil) }
        return swift
    }

    /// What the run's preparation gives: the environment `swift` needs to read
    /// the configuration written into ``configFolder``, and the link the
    /// stand-in's manifests get when the package does not link LeakTesting.
    struct Setup {
        var environment: [String: String]
        var link: LeakTestingLink?
    }

    /// Builds, runs and reads the verdicts; `prepare` writes SwiftPM's
    /// configuration (mirrors) into ``configFolder`` first.
    func run(swift: String, progress: Progress, prepare: (URL) throws(Failure) -> Setup) throws(Failure)
        -> Outcome
    {
        Interruption.install()
        defer { Interruption.uninstall() }
        do {
            try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
        } catch {
            throw .failed("cannot create the scratch folder \(scratch.path): \(error.localizedDescription)", hint: nil)
        }
        let lock = try ScratchLock(in: scratch) { holder in
            Console.writeError("rxleaks: another rxleaks test is running in \(scratch.path) (pid \(holder)); waiting\n")
        }
        defer { withExtendedLifetime(lock) {} }
        try? FileManager.default.removeItem(at: resultsFile)
        let setup = try prepare(configFolder)
        let configuration = setup.environment
        let shadow = shadow
        do {
            try shadow.make(droppingPins: SuiteSwitch.isSentToRxLeaks, linking: setup.link)
        } catch {
            throw .failed(error.description, hint: nil)
        }
        let common = [
            "--package-path", shadow.directory.path, "--scratch-path", buildFolder.path, "--config-path",
            configFolder.path,
        ]
        let start = ContinuousClock.now

        defer { progress.finish() }
        progress.phase("resolving \(package.lastPathComponent)'s dependencies")
        let resolve = try launch(
            swift, ["package"] + common + ["resolve"], environment: configuration, poll: progress.ticking)
        progress.phase("building \(package.lastPathComponent)'s tests")
        let build = try launch(
            swift, ["build", "--build-tests"] + common + SwiftArguments.buildArguments(swiftArguments),
            environment: configuration, poll: progress.ticking)
        guard resolve.status == 0, build.status == 0 else {
            let output = resolve.status == 0 ? build : resolve
            throw .buildFailed(errors: Self.distinctErrors(in: shadow.packagePaths(in: output.output)), log: output.log)
        }

        let total = try testCount(swift: swift, common: common, environment: configuration)
        progress.phase("running the tests in the whole-suite mode")
        var suiteEnvironment = [
            SuiteEnvironment.mode: "1", SuiteEnvironment.results: resultsFile.path,
            SuiteEnvironment.repetitions: String(repetitions),
        ]
        // The package's own modules are the code under test: their objects are tracked, its dependencies' are not.
        let targets = try? ownTargets(swift: swift, common: common, environment: configuration)
        if let targets, !targets.isEmpty {
            suiteEnvironment[TrackedModules.environmentVariable] = targets.map(\.module).joined(separator: ",")
        }
        let tests = try runTests(
            swift, common, environment: configuration.merging(suiteEnvironment) { $1 }, progress: progress,
            total: total)
        let results = SuiteResults.read(resultsFile, paths: shadow)
        progress.count(Self.judged(results.verdicts.count, of: total), final: true)
        var verdicts = SuiteVerdict.merging(results.verdicts, swiftTesting: tests.swiftTesting)
        verdicts = verdicts.filter { verdict in !tests.timedOut.contains { $0.name == verdict.name } } + tests.timedOut
        if let crash = TestCrash.find(in: tests.lastLog, swiftTesting: tests.lastSwiftTesting) {
            verdicts = crash.marking(verdicts, log: tests.lastLog)
        }
        let testLog = tests.log
        if verdicts.isEmpty, let targets, !targets.contains(where: \.isTest) {
            throw .badInput(
                BadInput("nothing to test: \(package.path) has no test target", hint: "Add tests under Tests/."))
        }
        // Without the mode's start-up line, clean rows from Swift Testing's
        // event stream would hide that nothing was checked at all.
        guard results.modeStarted || !results.verdicts.isEmpty || tests.interruptedBy != nil else {
            throw .failed(
                "the tests ran but none was judged: the whole-suite mode never started (swift test exited \(tests.status))",
                hint:
                    "LeakTesting's load-time constructor never ran: a manifest that names LeakTesting (or RxSwift's URL) is "
                    + "taken as it is, so each test target must depend on LeakTesting (or RxSwift).\n"
                    + "swift test said:\n" + testLog.split(separator: "\n").suffix(15).joined(separator: "\n"))
        }
        // The test processes started (the mode's line says so) and judged no test: the filters matched none.
        if verdicts.isEmpty, let signal = tests.interruptedBy { throw .interrupted(signal) }
        guard !verdicts.isEmpty else {
            throw .badInput(
                BadInput(
                    filters.isEmpty
                        ? "nothing to test: no test ran (swift test exited \(tests.status))"
                        : "nothing to test: no test matched \(filters.map { "--filter \($0)" }.joined(separator: " "))")
            )
        }
        progress.phase("judging \(verdicts.count) test\(verdicts.count == 1 ? "" : "s")")
        return Outcome(
            verdicts: verdicts, testStatus: tests.status, testLog: testLog,
            seconds: (ContinuousClock.now - start) / .seconds(1),
            dependencies: KnownLibraryLeaks.dependencies(inBuildFolder: buildFolder), interruptedBy: tests.interruptedBy
        )
    }

    /// `3 of 10 tests judged`, or `3 tests judged` when the number to run is not known.
    static func judged(_ count: Int, of total: Int?) -> String {
        // A parameterised test's cases, or a test the listing missed, never read as more than all of them.
        guard let total, total >= count else { return "\(count) test\(count == 1 ? "" : "s") judged" }
        return "\(count) of \(total) tests judged"
    }

    /// How many tests `swift test list` names that the filters select (every one without a filter); nil when
    /// it could not say.
    private func testCount(swift: String, common: [String], environment: [String: String]) throws(Failure) -> Int? {
        let listed = try launch(swift, ["test", "list", "--skip-build"] + common, environment: environment)
        guard listed.status == 0 else { return nil }
        return Self.testCount(listing: listed.output, filters: filters)
    }

    /// How many of the tests `swift test list` printed in `listing` the filters select. Its output has
    /// SwiftPM's lines too (`[0/1] Planning build`, a warning naming a file): a test's id
    /// (`Module.Class/test`, `Module.Suite/test()`) has a slash and no space.
    static func testCount(listing: String, filters: [String]) -> Int {
        let patterns = filters.compactMap { try? Regex($0) }
        return listing.split(separator: "\n").filter { name in
            name.contains("/") && !name.contains(" ") && (patterns.isEmpty || patterns.contains { name.contains($0) })
        }.count
    }

    /// One of the package's own targets, as `swift package describe` lists it.
    private struct Target {
        var module: String
        var isTest: Bool
    }

    /// The package's own targets (tests included), from `swift package describe`; nil when it could not say.
    private func ownTargets(swift: String, common: [String], environment: [String: String]) throws(Failure) -> [Target]?
    {
        let described = try launch(
            swift, ["package"] + common + ["describe", "--type", "json"], environment: environment)
        guard described.status == 0, let start = described.output.firstIndex(of: "{"),
            let package = try? JSONSerialization.jsonObject(with: Data(described.output[start...].utf8))
                as? [String: Any],
            let targets = package["targets"] as? [[String: Any]]
        else { return nil }
        return targets.compactMap { target in
            (target["c99name"] as? String).map { Target(module: $0, isTest: target["type"] as? String == "test") }
        }
    }

    /// What `swift` did: its status, its output and the file that holds it, and whether
    /// ``launch(_:_:environment:log:poll:)``'s `poll` ended it.
    struct Launch {
        var status: Int32
        var output: String
        var log: URL
        var ended = false
    }

    /// Runs `swift arguments…`, output to a log file in the scratch folder (`log`, else
    /// `swift-<command>.log`); `poll` runs every quarter of a second while it waits, and ends `swift` and what it
    /// started when it returns true. A signal caught meanwhile is passed on to `swift`, which gets 10 s to end.
    func launch(
        _ swift: String, _ arguments: [String], environment: [String: String] = [:], log name: String? = nil,
        poll: () -> Bool = { false }
    ) throws(Failure) -> Launch {
        let log = scratch.appendingPathComponent(name ?? "swift-\(arguments[0]).log")
        let output = open(log.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else {
            throw .failed("cannot write \(log.path): \(String(cString: strerror(errno)))", hint: nil)
        }
        let child: ChildProcess
        do {
            defer { close(output) }
            child = try ChildProcess(swift, arguments, environment: environment, stdout: output, stderr: output)
        } catch {
            throw .failed("cannot run swift \(arguments[0]): \(error.description)", hint: nil)
        }
        defer { child.end() }
        var termination: ChildProcess.Termination?
        var ended = false
        while termination == nil {
            if let signal = Interruption.caught {
                child.stop(with: signal, grace: .seconds(10))
                throw .interrupted(signal)
            }
            termination = child.wait(atMost: .milliseconds(250))
            if termination == nil, poll() {
                child.end()
                ended = true
                break
            }
        }
        let status: Int32 =
            switch termination {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            case .timedOut, nil: 1
            }
        return Launch(
            status: status, output: (try? String(contentsOf: log, encoding: .utf8)) ?? "", log: log, ended: ended)
    }

    /// The compiler's errors in a build's output, each once (SwiftPM prints an error once per file
    /// the compiler was given it for) with its `file:line:column:`, in the order first seen; the
    /// output's last 30 lines when it has none in that form (a resolution error, a linker error).
    static func distinctErrors(in output: String) -> [String] {
        var seen: Set<Substring> = []
        let errors = output.split(separator: "\n").filter { line in
            line.firstMatch(of: #/^\S[^:]*:\d+:\d+: error: /#) != nil && seen.insert(line).inserted
        }
        return errors.isEmpty ? output.split(separator: "\n").suffix(30).map(String.init) : errors.map(String.init)
    }
}

/// The arguments after `--`, split between `swift build` and `swift test`.
enum SwiftArguments {
    /// Options only `swift test` takes, with the number of values each has.
    private static let testOnly: [String: Int] = [
        "--parallel": 0, "--no-parallel": 0, "--filter": 1, "--skip": 1, "--num-workers": 1, "--xunit-output": 1,
        "--testing-library": 1, "--enable-xctest": 0, "--disable-xctest": 0, "--enable-swift-testing": 0,
        "--disable-swift-testing": 0, "--enable-code-coverage": 0, "--list-tests": 0, "-l": 0,
    ]

    /// `arguments` without the test-only options (and their values).
    static func buildArguments(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var skip = 0
        for argument in arguments {
            if skip > 0 { skip -= 1; continue }
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if let values = testOnly[name] {
                skip = argument.contains("=") ? 0 : values
                continue
            }
            kept.append(argument)
        }
        return kept
    }
}
