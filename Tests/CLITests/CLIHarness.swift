#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChildProcesses
import Foundation
@testable import rxleaks
import XCTest

/// Runs the built `rxleaks` executable, the way a user or a CI job does.
enum CLI {
    /// What one invocation did.
    struct Invocation {
        let status: Int32
        let stdout: String
        let stderr: String

        /// Stdout parsed as JSON.
        func json() throws -> JSONValue {
            try JSONValue.parse(stdout)
        }
    }

    /// The executable next to the test bundle in the build directory (SwiftPM
    /// builds it for `swift test`, since the test target depends on it).
    static let executable: URL = {
        #if os(Linux)
        let testBinary = URL(
            fileURLWithPath: try! FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let directory = testBinary.deletingLastPathComponent()
        #else
        let directory = Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent()
        #endif
        return directory.appendingPathComponent("rxleaks")
    }()

    /// The scratch folder of the runs of the fixture packages (Tests/Fixtures): they all ask for
    /// RxSwift by URL, so one folder for the whole test process clones and builds RxLeaks once,
    /// and each fixture then builds only its own targets. Removed when the process exits.
    static let fixtureScratch: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxleaks-fixtures-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: CLI.fixtureScratch) }
        return folder
    }()

    /// The package's root directory.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `rxleaks arguments…` with `environment` added, stdout and stderr to files (a process a signal
    /// ended has the signal's number as its status, as Foundation's `terminationStatus` has).
    static func run(
        _ arguments: [String], environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
    ) throws -> Invocation {
        try withOutputFiles(file: file, line: line) { out, err in
            let child = try ChildProcess(executable.path, arguments, environment: environment, stdout: out, stderr: err)
            var termination: ChildProcess.Termination?
            while termination == nil { termination = child.wait(atMost: nil) }
            child.end()
            return switch termination {
            case .exited(let status): status
            case .signalled(let signal): signal
            case .timedOut, nil: -1
            }
        }
    }

    /// Runs `body` with two files open for a child's stdout and stderr; what the child wrote, with the status `body` returns.
    private static func withOutputFiles(file: StaticString, line: UInt, _ body: (Int32, Int32) throws -> Int32) throws
        -> Invocation
    {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            XCTFail("rxleaks is not built at \(executable.path)", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxleaks-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout"), errURL = directory.appendingPathComponent("stderr")
        let out = open(outURL.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644),
            err = open(errURL.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        let status: Int32
        do {
            defer { close(out); close(err) }
            status = try body(out, err)
        }
        return Invocation(
            status: status, stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8))
    }

    /// `rxleaks arguments…` started, not waited for, stdout and stderr to files. Started with
    /// Foundation's `Process`, not ``ChildProcess``: the latter's watchdog adopts and kills whatever its
    /// child leaves behind, which would hide a run that leaves processes, and the tests that start a run
    /// this way check that the run itself leaves none.
    final class Running {
        private let process = Process()
        private let directory: URL

        fileprivate init(_ arguments: [String], environment: [String: String]) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "rxleaks-cli-tests-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for name in ["stdout", "stderr"] {
                _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: nil)
            }
            process.executableURL = executable
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: directory.appendingPathComponent("stdout"))
            process.standardError = try FileHandle(forWritingTo: directory.appendingPathComponent("stderr"))
            try process.run()
        }

        deinit {
            try? FileManager.default.removeItem(at: directory)
        }

        /// The `rxleaks` process.
        var pid: pid_t { process.processIdentifier }

        /// Whether the process has ended within `seconds` (looking every 5 ms).
        func hasEnded(within seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { usleep(5_000) }
            return !process.isRunning
        }

        /// Whether the process, once ended, exited by itself rather than by a signal.
        var exited: Bool { !process.isRunning && process.terminationReason == .exit }

        /// Waits for the process to end; what it did (a process a signal ended has the signal's number as its status).
        func finish() throws -> Invocation {
            process.waitUntilExit()
            return Invocation(
                status: process.terminationStatus,
                stdout: try String(contentsOf: directory.appendingPathComponent("stdout"), encoding: .utf8),
                stderr: try String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8))
        }
    }

    /// Starts `rxleaks arguments…` with `environment` added (see ``Running``).
    static func start(
        _ arguments: [String], environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
    ) throws -> Running {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            XCTFail("rxleaks is not built at \(executable.path)", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return try Running(arguments, environment: environment)
    }

    /// The command lines (arguments joined by spaces) of the processes, other than zombies,
    /// whose command line contains `text`: a run's children name its package or scratch folder.
    static func processes(mentioning text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int32($0) != nil && Int32($0) != getpid() }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else {
                return nil
            }
            let line = String(decoding: data, as: UTF8.self).split(separator: "\0").joined(separator: " ")
            return line.contains(text) ? "\(pid) \(line)" : nil
        }
    }

    /// ``processes(mentioning:)`` once none is left, or after `seconds` (a killed process takes a moment to go).
    static func processesLeft(mentioning text: String, within seconds: Double = 10) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var left = processes(mentioning: text)
        while !left.isEmpty, Date() < deadline {
            usleep(20_000)
            left = processes(mentioning: text)
        }
        return left
    }

    /// Every file under `folder` with its content (a folder's is empty).
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory)
            files[path] = isDirectory.boolValue ? Data() : try Data(contentsOf: folder.appendingPathComponent(path))
        }
        return files
    }

    nonisolated(unsafe) private static var wholeCatalogue: Invocation?

    /// `rxleaks run --format json`, run once for all the tests that read it.
    static func wholeCatalogueJSON() throws -> Invocation {
        if let wholeCatalogue { return wholeCatalogue }
        let invocation = try run(["run", "--format", "json"])
        wholeCatalogue = invocation
        return invocation
    }

    /// `rxleaks list --format json`: one object per scenario.
    static func catalogue() throws -> [JSONValue] {
        try XCTUnwrap(try run(["list", "--format", "json"]).json().arrayValue)
    }

    /// The JSON Schema of `run --format json`.
    static func runSchema() throws -> JSONSchemaValidator {
        JSONSchemaValidator(root: try schema("rxleaks-run.schema.json"))
    }

    /// The JSON Schema of `test --format json`, which refers to the run's.
    static func testSchema() throws -> JSONSchemaValidator {
        JSONSchemaValidator(
            root: try schema("rxleaks-test.schema.json"),
            others: ["rxleaks-run.schema.json": try schema("rxleaks-run.schema.json")])
    }

    /// `git ARGUMENTS` in `folder`, as a committer with a name and an address; a failing git fails the test.
    /// Returns what git printed, trimmed.
    @discardableResult
    static func git(_ arguments: [String], in folder: URL) throws -> String {
        let git = try XCTUnwrap(ChildProcess.find("git"), "no git on PATH")
        let run = try ChildProcess.run(
            git, ["-C", folder.path, "-c", "user.name=RxLeaks", "-c", "user.email=rxleaks@example.com"] + arguments,
            timeLimit: 60)
        XCTAssertEqual(run.termination, .exited(0), "git \(arguments.joined(separator: " ")): \(run.stderr)")
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Each test's verdict and whether it passed, from `rxleaks test --format json`.
    static func verdictRows(_ run: Invocation) throws -> [String: (verdict: String, passed: Bool?)] {
        var rows: [String: (verdict: String, passed: Bool?)] = [:]
        for test in try run.json()["tests"]?.arrayValue ?? [] {
            rows[try XCTUnwrap(test["name"]?.stringValue)] = (
                try XCTUnwrap(test["verdict"]?.stringValue), test["passed"]?.boolValue
            )
        }
        XCTAssertFalse(rows.isEmpty, run.stdout + run.stderr)
        return rows
    }

    /// The schema `docs/NAME`.
    static func schema(_ name: String) throws -> JSONValue {
        try JSONValue.parse(try String(contentsOf: packageRoot.appendingPathComponent("docs/\(name)"), encoding: .utf8))
    }
}

private final class BundleMarker {}

/// Asserts that a failed invocation said something useful and no Swift stack trace.
func XCTAssertNoStackTrace(_ invocation: CLI.Invocation, file: StaticString = #filePath, line: UInt = #line) {
    for marker in ["Fatal error", "Current stack trace", "Stack dump", "💣"] {
        XCTAssertFalse(
            invocation.stderr.contains(marker), "stderr has \(marker):\n\(invocation.stderr)", file: file, line: line)
    }
}

extension XCTestCase {
    /// A copy of `fixture` in a fresh temporary folder, committed to a git repository of its own (as
    /// `rxleaks fix` wants it) after `prepare` has changed it; removed when the test ends.
    func committedCopy(of fixture: URL, message: String, _ prepare: (URL) throws -> Void = { _ in }) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxleaks-copy-\(UUID().uuidString)")
        let copy = folder.appendingPathComponent(fixture.lastPathComponent)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: fixture, to: copy)
        try prepare(copy)
        try CLI.git(["init", "-q"], in: copy)
        try CLI.git(["add", "-A"], in: copy)
        try CLI.git(["commit", "-qm", message], in: copy)
        return copy
    }
}
