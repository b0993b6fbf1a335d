import Foundation

/// Builds a package's tests and runs them in LeakTesting's whole-suite mode
/// (`RXLEAKS_SUITE=1`), with the build folder and SwiftPM's configuration in a
/// scratch folder, and the checkout left as it was: `Package.resolved` and
/// `.swiftpm` are put back as they were found.
struct SuiteRun {
    /// The package's folder.
    let package: URL
    /// The scratch folder: `build` (SwiftPM's `--scratch-path`), `config`
    /// (`--config-path`), and the results file.
    let scratch: URL
    /// `--filter` patterns for `swift test`.
    let filters: [String]
    /// Arguments after `--`: for `swift test`, and for the build unless they are test-only.
    let swiftArguments: [String]

    /// What the run gave.
    struct Outcome {
        var verdicts: [SuiteVerdict]
        /// `swift test`'s exit status: not 0 when a test failed.
        var testStatus: Int32
        /// `swift test`'s output, for a failure's details.
        var testLog: String
        var seconds: Double
    }

    /// The run could not give verdicts.
    enum Failure: Error {
        /// Not a package, nothing to test: exit status 64.
        case badInput(BadInput)
        /// The package does not build: the compiler's output.
        case buildFailed(String)
        /// `swift` could not be run, or the tests gave no verdict at all.
        case failed(String, hint: String?)
        /// A signal (Ctrl-C) stopped the run; the checkout was put back.
        case interrupted(Int32)
    }

    /// `$XDG_CACHE_HOME/rxleaks/test/NAME-HASH` (else `~/.cache/…`): one per
    /// checkout, outside it, kept between runs so that builds are incremental.
    static func defaultScratch(for package: URL) -> URL {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in package.path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return base.appendingPathComponent("rxleaks/test/\(package.lastPathComponent)-\(String(hash, radix: 16))")
    }

    var buildFolder: URL { scratch.appendingPathComponent("build") }
    var configFolder: URL { scratch.appendingPathComponent("config") }
    private var resultsFile: URL { scratch.appendingPathComponent("verdicts.jsonl") }
    private var eventsFile: URL { scratch.appendingPathComponent("swift-testing-events.jsonl") }

    /// Checks that there is something to test; returns the `swift` to run.
    func validate() throws(Failure) -> String {
        let manifest = package.appendingPathComponent("Package.swift")
        guard FileManager.default.fileExists(atPath: manifest.path) else {
            throw .badInput(BadInput("\(package.path) is not a Swift package (no Package.swift)",
                                     hint: "Give the package's folder with --package-path DIR."))
        }
        let given = swiftArguments.map { String($0.split(separator: "=", maxSplits: 1).first ?? "") }
        if let clash = SwiftTestingEvents.options.first(where: given.contains) {
            throw .badInput(BadInput("\(clash) cannot be given after --: rxleaks test reads Swift Testing's event stream itself",
                                     hint: "Run swift test without rxleaks for an event stream of your own."))
        }
        guard let swift = ChildProcess.find("swift") else { throw .failed("swift is not on PATH", hint: nil) }
        return swift
    }

    /// Builds, runs and reads the verdicts; `prepare` writes SwiftPM's
    /// configuration (mirrors) into ``configFolder`` first, and returns the
    /// environment `swift` needs to read it.
    func run(swift: String, progress: SuiteProgress, prepare: (URL) throws(Failure) -> [String: String]) throws(Failure) -> Outcome {
        let guardian = CheckoutGuard(package: package)
        Interruption.install()
        defer {
            guardian.restore()
            Interruption.uninstall()
        }
        do {
            try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: resultsFile)
            try? FileManager.default.removeItem(at: eventsFile)
        } catch {
            throw .failed("cannot create the scratch folder \(scratch.path): \(error.localizedDescription)", hint: nil)
        }
        let configuration = try prepare(configFolder)
        let common = ["--package-path", package.path, "--scratch-path", buildFolder.path, "--config-path", configFolder.path]
        let start = ContinuousClock.now

        progress.status("building \(package.lastPathComponent)'s tests")
        let build = try launch(swift, ["build", "--build-tests"] + common + SwiftArguments.buildArguments(swiftArguments),
                               environment: configuration)
        guard build.status == 0 else { throw .buildFailed(build.output) }

        progress.status("running the tests in the whole-suite mode")
        let filterArguments = filters.flatMap { ["--filter", $0] }
        let events = SwiftTestingEvents.arguments(writingTo: eventsFile)
        var suiteEnvironment = ["RXLEAKS_SUITE": "1", "RXLEAKS_SUITE_RESULTS": resultsFile.path]
        // The package's own modules are the code under test: their objects are tracked, its dependencies' are not.
        if let modules = try? ownModules(swift: swift, common: common, environment: configuration), !modules.isEmpty {
            suiteEnvironment["RXLEAKS_TRACK_MODULES"] = modules.joined(separator: ",")
        }
        let test = try launch(swift, ["test", "--skip-build"] + common + filterArguments + events + swiftArguments,
                              environment: configuration.merging(suiteEnvironment) { $1 }) {
            progress.status("\(SuiteResults.read(resultsFile).verdicts.count) tests judged")
        }
        progress.finish()
        let results = SuiteResults.read(resultsFile)
        let verdicts = SuiteVerdict.merging(results.verdicts, swiftTesting: SwiftTestingEvents.read(eventsFile))
        if verdicts.isEmpty {
            if test.output.contains("No matching test cases were run") || (test.status == 0 && !filters.isEmpty) {
                throw .badInput(BadInput("nothing to test: no test matched \(filters.map { "--filter \($0)" }.joined(separator: " "))"))
            }
            if test.output.contains("no tests found") {
                throw .badInput(BadInput("nothing to test: \(package.path) has no test target", hint: "Add tests under Tests/."))
            }
        }
        // Without the mode's start-up line, clean rows from Swift Testing's
        // event stream would hide that nothing was checked at all.
        guard results.modeStarted || !results.verdicts.isEmpty else {
            throw .failed("the tests ran but none was judged: the whole-suite mode never started (swift test exited \(test.status))",
                          hint: "The test targets must link LeakTesting, or import RxSwift by URL (https://github.com/ReactiveX/RxSwift).\n"
                              + "swift test said:\n" + test.output.split(separator: "\n").suffix(15).joined(separator: "\n"))
        }
        guard !verdicts.isEmpty else {
            throw .badInput(BadInput("nothing to test: no test ran (swift test exited \(test.status))"))
        }
        return Outcome(verdicts: verdicts, testStatus: test.status, testLog: test.output,
                       seconds: (ContinuousClock.now - start) / .seconds(1))
    }

    /// The module names of the package's own targets (tests included), from `swift package describe`.
    private func ownModules(swift: String, common: [String], environment: [String: String]) throws(Failure) -> [String] {
        let described = try launch(swift, ["package"] + common + ["describe", "--type", "json"], environment: environment)
        guard described.status == 0, let start = described.output.firstIndex(of: "{"),
              let package = try? JSONSerialization.jsonObject(with: Data(described.output[start...].utf8)) as? [String: Any],
              let targets = package["targets"] as? [[String: Any]] else { return [] }
        return targets.compactMap { $0["c99name"] as? String }
    }

    /// Runs `swift arguments…`, output to a log file; `poll` runs while it waits.
    private func launch(_ swift: String, _ arguments: [String], environment: [String: String] = [:],
                        poll: () -> Void = {}) throws(Failure) -> (status: Int32, output: String) {
        let log = scratch.appendingPathComponent("swift-\(arguments[0]).log")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        do {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let handle = try FileHandle(forWritingTo: log)
            defer { try? handle.close() }
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
        } catch {
            throw .failed("cannot run swift \(arguments[0]): \(error.localizedDescription)", hint: nil)
        }
        while process.isRunning {
            if let signal = Interruption.caught {
                Interruption.stop(process, with: signal)
                throw .interrupted(signal)
            }
            poll()
            Thread.sleep(forTimeInterval: 0.25)
        }
        process.waitUntilExit()
        if let signal = Interruption.caught { throw .interrupted(signal) }
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}

/// Puts a checkout's `Package.resolved` and `.swiftpm` back as they were:
/// SwiftPM writes the first beside the manifest whatever the scratch path.
struct CheckoutGuard {
    let package: URL
    private let resolved: Data?
    private let hadConfiguration: Bool

    init(package: URL) {
        self.package = package
        resolved = try? Data(contentsOf: package.appendingPathComponent("Package.resolved"))
        hadConfiguration = FileManager.default.fileExists(atPath: package.appendingPathComponent(".swiftpm").path)
    }

    func restore() {
        let file = package.appendingPathComponent("Package.resolved")
        if let resolved {
            if (try? Data(contentsOf: file)) != resolved { try? resolved.write(to: file) }
        } else {
            try? FileManager.default.removeItem(at: file)
        }
        if !hadConfiguration { try? FileManager.default.removeItem(at: package.appendingPathComponent(".swiftpm")) }
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

/// A status line on stderr while the suite builds and runs; silent when stderr is not a terminal.
final class SuiteProgress {
    private let enabled = isatty(STDERR_FILENO) == 1
    private var shown = false

    func status(_ text: String) {
        guard enabled else { return }
        shown = true
        Console.writeError("\r\u{1B}[K\(text)…")
    }

    func finish() {
        guard enabled, shown else { return }
        shown = false
        Console.writeError("\r\u{1B}[K")
    }
}
