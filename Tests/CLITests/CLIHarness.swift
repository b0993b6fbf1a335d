import Foundation
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
        let testBinary = URL(fileURLWithPath: try! FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let directory = testBinary.deletingLastPathComponent()
        #else
        let directory = Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent()
        #endif
        return directory.appendingPathComponent("rxleaks")
    }()

    /// The package's root directory.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `rxleaks arguments…` with `environment` added, stdout and stderr to files.
    static func run(_ arguments: [String], environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws -> Invocation {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            XCTFail("rxleaks is not built at \(executable.path)", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxleaks-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("stdout"), err = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        process.environment = merged
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return Invocation(
            status: process.terminationStatus,
            stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8))
    }

    /// Every file under `folder` with its content: two equal snapshots mean the folder is byte for byte the same.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory)
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
        JSONSchemaValidator(root: try schema("rxleaks-test.schema.json"),
                            others: ["rxleaks-run.schema.json": try schema("rxleaks-run.schema.json")])
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
        XCTAssertFalse(invocation.stderr.contains(marker), "stderr has \(marker):\n\(invocation.stderr)", file: file, line: line)
    }
}
