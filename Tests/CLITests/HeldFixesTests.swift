import Foundation
import XCTest

// `rxleaks fix` exists only with the Lint trait (it edits through the lint's parser).
#if Lint

/// `rxleaks fix` on a git copy of Tests/Fixtures/HeldFixes: a work item made in a local and then stored gets
/// `[weak self]` where it is made; an observer added to a center the initializer is given gets `[weak self]`, the
/// center kept in a property and the observer removed in `deinit`. Each fix is kept because re-running its test
/// finds it clean, and a second `rxleaks test` finds both tests clean and passing.
final class HeldFixesTests: XCTestCase {
    private static let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/HeldFixes")
    private static let source = "Sources/HeldFixes/HeldFixes.swift"

    func testTheWorkItemKeptThroughALocalAndTheInjectedCentersObserverAreFixed() throws {
        let copy = try committedCopy(of: Self.fixture, message: "HeldFixes")
        let file = copy.appendingPathComponent(Self.source)
        let original = try String(contentsOf: file, encoding: .utf8)

        let run = try CLI.run(["fix", "--package-path", copy.path, "--scratch-path", CLI.fixtureScratch.path])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.hasSuffix("fixed 2 of 2 leaks in 1 file, 0 left\n"), run.stdout)
        let replacements = [
            (
                "        let item = DispatchWorkItem { self.saves += 1 }\n",
                "        let item = DispatchWorkItem { [weak self] in guard let self else { return }; self.saves += 1 }\n"
            ),
            (
                "public final class SizeObserver {\n",
                "public final class SizeObserver {\n    private let center: NotificationCenter\n"
            ),
            (
                "        token = center.addObserver(forName: .sizeChanged, object: nil, queue: nil) { _ in self.changes += 1 }\n    }\n",
                "        self.center = center\n"
                    + "        token = center.addObserver(forName: .sizeChanged, object: nil, queue: nil) "
                    + "{ [weak self] _ in guard let self else { return }; self.changes += 1 }\n    }\n\n"
                    + "    deinit { if let token { center.removeObserver(token) } }\n"
            ),
        ]
        var expected = original
        for (old, new) in replacements {
            XCTAssertTrue(expected.contains(old), old)
            expected = expected.replacingOccurrences(of: old, with: new)
        }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), expected)

        let after = try CLI.verdictRows(
            try CLI.run(
                ["test", "--package-path", copy.path, "--scratch-path", CLI.fixtureScratch.path, "--format", "json"]))
        for test in ["HeldFixesTests.testQueuedSaverSchedules", "HeldFixesTests.testSizeObserverCounts"] {
            XCTAssertEqual(after[test]?.verdict, "clean", test)
            XCTAssertEqual(after[test]?.passed, true, test)
        }
    }
}
#endif
