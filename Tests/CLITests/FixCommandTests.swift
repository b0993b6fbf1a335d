import Foundation
import XCTest

/// `rxleaks fix` on copies of Tests/Fixtures/LeakyApp, run on SearchViewModel's
/// tests only (--filter): its subscription closure captures `self` strongly.
/// One scratch folder for the whole class: the first run builds the fixture.
final class FixCommandTests: XCTestCase {
    private static let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/LeakyApp")
    private static let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rxleaks-fix-\(UUID().uuidString)")
    private static let source = "Sources/LeakyApp/SearchViewModel.swift"
    private static let leakingLine = "            .subscribe(onNext: { text in self.results = self.catalogue.filter { $0.hasPrefix(text) } })\n"
    private static let fixedLine = "            .subscribe(onNext: { [weak self] text in guard let self else { return }; "
        + "self.results = self.catalogue.filter { $0.hasPrefix(text) } })\n"

    /// The fix of SearchViewModel's leak, as `--dry-run` prints it.
    private static let diff = """
        --- a/Sources/LeakyApp/SearchViewModel.swift
        +++ b/Sources/LeakyApp/SearchViewModel.swift
        @@ -13,7 +13,7 @@
                 self.catalogue = catalogue
                 query
                     .map { $0.lowercased() }
        -\(leakingLine)+\(fixedLine)             .disposed(by: disposeBag)
             }
         }

        """

    override class func tearDown() {
        try? FileManager.default.removeItem(at: scratch)
        super.tearDown()
    }

    private func copyOfTheFixture(_ name: String) throws -> URL {
        let copy = Self.scratch.appendingPathComponent("\(name)/LeakyApp")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixture, to: copy)
        return copy
    }

    private func rxleaks(_ command: String, _ package: URL, _ arguments: [String] = []) throws -> CLI.Invocation {
        try CLI.run([command, "--package-path", package.path, "--scratch-path", Self.scratch.appendingPathComponent("build").path,
                     "--filter", "SearchViewModelTests"] + arguments)
    }

    private func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path, "-c", "user.name=RxLeaks", "-c", "user.email=rxleaks@example.com"] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments.joined(separator: " "))")
    }

    func testDryRunPrintsTheFixsDiffAndLeavesTheCopyByteForByte() throws {
        let copy = try copyOfTheFixture("dry-run")
        let before = try CLI.snapshot(copy)
        let run = try rxleaks("fix", copy, ["--dry-run"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try CLI.snapshot(copy), before, "--dry-run changed the package")
        XCTAssertEqual(run.stdout, Self.diff + """
            would try SearchViewModelTests.testSearchFindsResults: SearchViewModel, \(Self.source):16 [rxleaks.closure-strong-self]
            would try to fix 1 of 1 leak in 1 file, 0 left; nothing was written

            """)
    }

    /// Refused while the file has uncommitted changes; once they are committed, fixed, and a second
    /// `rxleaks test` finds the test clean and passing.
    func testAFixIsRefusedOverUncommittedChangesThenMadeAndProvenByASecondRun() throws {
        let copy = try copyOfTheFixture("git")
        try git(["init", "-q"], in: copy)
        try git(["add", "-A"], in: copy)
        try git(["commit", "-qm", "LeakyApp"], in: copy)
        let file = copy.appendingPathComponent(Self.source)
        let edited = try String(contentsOf: file, encoding: .utf8) + "// not committed\n"
        try edited.write(to: file, atomically: true, encoding: .utf8)

        let refused = try rxleaks("fix", copy)
        XCTAssertEqual(refused.status, 64, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("uncommitted changes in \(Self.source)"), refused.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), edited)

        try git(["commit", "-qam", "edited"], in: copy)
        let fixed = try rxleaks("fix", copy)
        XCTAssertEqual(fixed.status, 0, fixed.stdout + fixed.stderr)
        XCTAssertEqual(fixed.stdout, """
            changed \(Self.source)
            fixed SearchViewModelTests.testSearchFindsResults: SearchViewModel, \(Self.source):16 [rxleaks.closure-strong-self]; \
            the test passes and no longer leaks it
            fixed 1 of 1 leak in 1 file, 0 left

            """)
        XCTAssertTrue(edited.contains(Self.leakingLine))
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), edited.replacingOccurrences(of: Self.leakingLine, with: Self.fixedLine))

        let again = try rxleaks("test", copy, ["--format", "json"])
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
        let tests = try XCTUnwrap(again.json()["tests"]?.arrayValue)
        let search = try XCTUnwrap(tests.first { $0["name"]?.stringValue == "SearchViewModelTests.testSearchFindsResults" })
        XCTAssertEqual(search["verdict"]?.stringValue, "clean")
        XCTAssertEqual(search["passed"]?.boolValue, true)
    }

    /// Ctrl-C once the fix is written and under test: the original is put back and the run exits 130.
    func testAnInterruptedFixPutsTheOriginalBack() throws {
        let copy = try copyOfTheFixture("interrupted")
        let before = try CLI.snapshot(copy)
        let file = copy.appendingPathComponent(Self.source)
        let original = try Data(contentsOf: file)
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["fix", "--package-path", copy.path, "--scratch-path", Self.scratch.appendingPathComponent("build").path,
                             "--filter", "SearchViewModelTests"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(900)
        while process.isRunning, (try? Data(contentsOf: file)) == original, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertTrue(process.isRunning, "the run ended before it wrote the fix")
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains(Self.fixedLine), "the fix under test is not the whole fix")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 130)
        XCTAssertEqual(try CLI.snapshot(copy), before, "the interrupted run left an edit")
    }
}
