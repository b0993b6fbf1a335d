import Foundation
import XCTest

/// `rxleaks lint` as a user runs it: formats, exit status, bad paths.
final class LintCommandTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxleaks-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try """
        final class InboxViewModel {
            init(events: AppEvents) {
                _ = events.didBecomeActive.subscribe(onNext: { [weak self] in self?.refresh() })
            }
        }
        """.write(to: directory.appendingPathComponent("Inbox.swift"), atomically: true, encoding: .utf8)
        try "final class Clean {}\n".write(
            to: directory.appendingPathComponent("Clean.swift"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    private func schema(_ name: String) throws -> JSONSchemaValidator {
        JSONSchemaValidator(root: try CLI.schema(name))
    }

    func testTheSchemasRejectWhatTheyShould() throws {
        let finding = try JSONValue.parse(
            #"{"tool": "rxleaks lint", "fileCount": 1, "findings": [{"rule": "no-such-rule"}], "unparsableFiles": []}"#)
        XCTAssertFalse(try schema("rxleaks-lint.schema.json").violations(of: finding).isEmpty)
        let sarif = try JSONValue.parse(#"{"version": "2.0.0", "runs": [{"tool": {"driver": {}}}]}"#)
        XCTAssertEqual(try schema("sarif-2.1.0-subset.schema.json").violations(of: sarif).count, 2)
    }

    // `rxleaks lint` exists only with the package's `Lint` trait (on by default): `--disable-default-traits`,
    // as .ci/run's sanitizer and release builds use, builds the CLI without it. SwiftPM defines each enabled
    // trait as a compilation condition in every target of the package, this one too, so the tests that run
    // `lint` are compiled exactly when the CLI offers it: never a runtime skip that could hide a missing
    // command in a default build (scripts/test, which CI runs, builds with default traits and runs them).
    #if Lint
    func testCompilerStyleFindingAndExitStatusOne() throws {
        let invocation = try CLI.run(["lint", directory.path])
        XCTAssertEqual(invocation.status, 1, invocation.stderr)
        let path = directory.appendingPathComponent("Inbox.swift").path
        XCTAssertTrue(invocation.stdout.hasPrefix("\(path):3:36: warning: "), invocation.stdout)
        XCTAssertTrue(invocation.stdout.contains("[rxleaks.ignored-disposable]\n"), invocation.stdout)
        XCTAssertTrue(invocation.stdout.hasSuffix("1 finding in 2 files\n"), invocation.stdout)
    }

    func testCleanFileExitsZero() throws {
        let invocation = try CLI.run(["lint", directory.appendingPathComponent("Clean.swift").path])
        XCTAssertEqual(invocation.status, 0, invocation.stdout + invocation.stderr)
        XCTAssertEqual(invocation.stdout, "0 findings in 1 file\n")
    }

    func testJSONMatchesItsSchema() throws {
        let invocation = try CLI.run(["lint", "--format", "json", directory.path])
        XCTAssertEqual(invocation.status, 1, invocation.stderr)
        let document = try invocation.json()
        XCTAssertEqual(try schema("rxleaks-lint.schema.json").violations(of: document), [])
        XCTAssertEqual(document["findings"]?.arrayValue?.count, 1)
        XCTAssertEqual(document["findings"]?.arrayValue?.first?["rule"]?.stringValue, "ignored-disposable")
        XCTAssertEqual(document["findings"]?.arrayValue?.first?["scope"]?.stringValue, "InboxViewModel.init")
    }

    func testSARIFMatchesTheSARIFSchema() throws {
        try "final class Broken {\n    func f( {\n".write(
            to: directory.appendingPathComponent("Broken.swift"), atomically: true, encoding: .utf8)
        let invocation = try CLI.run(["lint", "--format", "sarif", directory.path])
        XCTAssertEqual(invocation.status, 1, invocation.stderr)
        let log = try invocation.json()
        XCTAssertEqual(try schema("sarif-2.1.0-subset.schema.json").violations(of: log), [])
        let run = try XCTUnwrap(log["runs"]?.arrayValue?.first)
        XCTAssertEqual(run["results"]?.arrayValue?.first?["ruleId"]?.stringValue, "ignored-disposable")
        XCTAssertEqual(
            run["results"]?.arrayValue?.first?["locations"]?.arrayValue?.first?["physicalLocation"]?["region"]?[
                "startLine"]?.numberValue, 3)
        XCTAssertEqual(run["invocations"]?.arrayValue?.first?["toolExecutionNotifications"]?.arrayValue?.count, 1)
        XCTAssertEqual(run["tool"]?["driver"]?["rules"]?.arrayValue?.count, 12, "one per rule of Rules.all")
    }

    func testAFileThatDoesNotParseIsReportedAndTheRestLinted() throws {
        try "final class Broken {\n    func f( {\n".write(
            to: directory.appendingPathComponent("Broken.swift"), atomically: true, encoding: .utf8)
        let invocation = try CLI.run(["lint", directory.path])
        XCTAssertEqual(invocation.status, 1)
        XCTAssertTrue(invocation.stdout.contains("Broken.swift:2:"), invocation.stdout)
        XCTAssertTrue(invocation.stdout.contains("error: file does not parse, not linted"), invocation.stdout)
        XCTAssertTrue(invocation.stdout.contains("[rxleaks.ignored-disposable]"), invocation.stdout)
        XCTAssertTrue(invocation.stdout.hasSuffix("1 finding in 3 files, 1 not parsed\n"), invocation.stdout)
    }

    func testAPathThatDoesNotExistExitsWithUsageError() throws {
        let invocation = try CLI.run(["lint", directory.path, "/no/such/place"])
        XCTAssertEqual(invocation.status, 64)
        XCTAssertEqual(invocation.stdout, "")
        XCTAssertTrue(invocation.stderr.contains("no such file or directory: /no/such/place"), invocation.stderr)
        XCTAssertNoStackTrace(invocation)
    }

    func testABadConfigurationExitsWithUsageError() throws {
        let configuration = directory.appendingPathComponent("lint.json")
        try #"{"disabled": ["no-such-rule"]}"#.write(to: configuration, atomically: true, encoding: .utf8)
        let invocation = try CLI.run(["lint", "--config", configuration.path, directory.path])
        XCTAssertEqual(invocation.status, 64)
        XCTAssertTrue(invocation.stderr.contains("unknown pattern id no-such-rule"), invocation.stderr)
    }

    func testConfirmPrintsLintFindingsNextToEngineVerdicts() throws {
        let scenarios = CLI.packageRoot.appendingPathComponent("Scenarios").path
        let invocation = try CLI.run(["lint", "--confirm", "--scenarios", scenarios, "method-reference-implicit-self"])
        XCTAssertEqual(invocation.status, 0, invocation.stdout + invocation.stderr)
        let lines = invocation.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "method-reference-implicit-self")
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix("  lint    method-reference-implicit-self at MethodReferenceImplicitSelf.swift:")
                    && $0.hasSuffix("in DashboardPresenter.configure() case .instanceMethodOnModelUpdates")
            }, invocation.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  engine  leaking: leak") }, invocation.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  engine  fixed: clean") }, invocation.stdout)
    }

    func testConfirmWithAnUnknownScenarioExitsWithUsageError() throws {
        let invocation = try CLI.run(["lint", "--confirm", "no-such-scenario"])
        XCTAssertEqual(invocation.status, 64)
        XCTAssertTrue(invocation.stderr.contains("unknown scenario id 'no-such-scenario'"), invocation.stderr)
    }

    func testTheConfigurationDisablesAPattern() throws {
        let configuration = directory.appendingPathComponent("lint.json")
        try #"{"disabled": ["ignored-disposable"]}"#.write(to: configuration, atomically: true, encoding: .utf8)
        let invocation = try CLI.run(["lint", "--config", configuration.path, directory.path])
        XCTAssertEqual(invocation.status, 0, invocation.stdout)
    }

    /// Inbox.swift with the class given a bag of its own, so that its thrown-away Disposable can go there.
    private func writeFixableInbox() throws -> URL {
        let file = directory.appendingPathComponent("Inbox.swift")
        try """
        final class InboxViewModel {
            private let disposeBag = DisposeBag()
            init(events: AppEvents) {
                _ = events.didBecomeActive.subscribe(onNext: { [weak self] in self?.refresh() })
            }
        }
        """.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    func testFixDryRunPrintsTheDiffAndWritesNothing() throws {
        let file = try writeFixableInbox()
        let before = try Data(contentsOf: file)
        let invocation = try CLI.run(["lint", "--fix", "--dry-run", directory.path])
        XCTAssertEqual(invocation.status, 0, invocation.stdout + invocation.stderr)
        XCTAssertEqual(try Data(contentsOf: file), before, "--dry-run changed the file")
        XCTAssertTrue(
            invocation.stdout.contains(
                """
                -        _ = events.didBecomeActive.subscribe(onNext: { [weak self] in self?.refresh() })
                +        events.didBecomeActive.subscribe(onNext: { [weak self] in self?.refresh() }).disposed(by: disposeBag)
                """), invocation.stdout)
        XCTAssertTrue(
            invocation.stdout.hasSuffix(
                "would fix 1 finding in 1 file, 0 left; not verified by a test: run the tests again\n"),
            invocation.stdout)
    }

    func testFixWritesTheFixAndLintIsThenClean() throws {
        let file = try writeFixableInbox()
        let fix = try CLI.run(["lint", "--fix", directory.path])
        XCTAssertEqual(fix.status, 0, fix.stdout + fix.stderr)
        XCTAssertTrue(fix.stdout.hasPrefix("fixed \(file.path)\n"), fix.stdout)
        XCTAssertTrue(
            try String(contentsOf: file, encoding: .utf8).contains(
                "        events.didBecomeActive.subscribe(onNext: { [weak self] in self?.refresh() }).disposed(by: disposeBag)\n"
            ))
        let lint = try CLI.run(["lint", directory.path])
        XCTAssertEqual(lint.status, 0, lint.stdout)
    }

    func testFixListsWhatItLeavesAndExitsOne() throws {
        let before = try Data(contentsOf: directory.appendingPathComponent("Inbox.swift"))
        let invocation = try CLI.run(["lint", "--fix", directory.path])
        XCTAssertEqual(invocation.status, 1, invocation.stdout + invocation.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("Inbox.swift")), before)
        XCTAssertTrue(
            invocation.stdout.contains(
                "Inbox.swift:3:36: not fixed [rxleaks.ignored-disposable]: the enclosing class has no DisposeBag of its own to dispose it into"
            ),
            invocation.stdout)
        XCTAssertTrue(invocation.stdout.hasSuffix("fixed 0 findings in 0 files, 1 left\n"), invocation.stdout)
    }

    func testDryRunWithoutFixIsBadInput() throws {
        let invocation = try CLI.run(["lint", "--dry-run", directory.path])
        XCTAssertEqual(invocation.status, 64)
        XCTAssertTrue(invocation.stderr.contains("--dry-run goes with --fix"), invocation.stderr)
    }
    #endif
}
