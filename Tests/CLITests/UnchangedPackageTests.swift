import Foundation
import XCTest

/// `rxleaks test` on packages whose manifests name neither RxSwift nor RxLeaks (Tests/Fixtures/PlainPackage):
/// judged as they are, their files byte for byte the same after the run. Each expected verdict is the fixture's
/// own weak-reference oracle's (its tests assert it, and pass). The runs share the fixtures' scratch folder.
final class UnchangedPackageTests: XCTestCase {
    private static let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/PlainPackage")

    private static let leaking: Set = [
        "UploaderTests.testStartReportsProgress", "UploadsTests.UploaderSuite/startReportsProgress()",
    ]
    private static let clean: Set = [
        "UploaderTests.testStartWeaklyReportsProgress", "UploadsTests.UploaderSuite/startWeaklyReportsProgress()",
    ]

    func testAPackageWithNoRxLeaksInItsManifestIsJudgedAsItIs() throws {
        let before = try CLI.snapshot(Self.fixture)
        let run = try CLI.run(
            [
                "test", "--package-path", Self.fixture.path, "--scratch-path", CLI.fixtureScratch.path,
                "--format", "json",
            ])
        XCTAssertEqual(try CLI.snapshot(Self.fixture), before, "rxleaks test changed the package")
        XCTAssertEqual(run.status, 1, run.stderr)
        let document = try run.json()
        XCTAssertEqual(try CLI.testSchema().violations(of: document), [])
        var verdicts: [String: String] = [:]
        for test in document["tests"]?.arrayValue ?? [] {
            let name = try XCTUnwrap(test["name"]?.stringValue)
            XCTAssertEqual(test["passed"]?.boolValue, true, "\(name): its oracle holds")
            verdicts[name] = test["verdict"]?.stringValue
            if Self.leaking.contains(name) {
                let types = (test["leaks"]?.arrayValue ?? []).compactMap { $0["typeName"]?.stringValue }
                XCTAssertTrue(types.contains("Uploader"), "\(name): \(types)")
            }
        }
        XCTAssertEqual(
            verdicts,
            Dictionary(uniqueKeysWithValues: Self.leaking.map { ($0, "leaked") } + Self.clean.map { ($0, "clean") }))
    }

    /// A manifest whose `Package` is not kept in a top-level `package` cannot be added to: a clear error, exit 1,
    /// and the package unchanged.
    func testAManifestWithNoPackageVariableIsAClearError() throws {
        let copy = CLI.fixtureScratch.appendingPathComponent("renamed/PlainPackage")
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixture, to: copy)
        let manifest = copy.appendingPathComponent("Package.swift")
        let renamed = try String(contentsOf: manifest, encoding: .utf8)
            .replacingOccurrences(of: "let package = Package(", with: "let uploads = Package(")
        try renamed.write(to: manifest, atomically: true, encoding: .utf8)
        let before = try CLI.snapshot(copy)
        let run = try CLI.run(
            [
                "test", "--package-path", copy.path, "--scratch-path",
                CLI.fixtureScratch.appendingPathComponent("renamed-scratch").path,
            ])
        XCTAssertEqual(try CLI.snapshot(copy), before, "rxleaks test changed the package")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(
            run.stderr.contains("Package.swift keeps its Package in no top-level `let package`"), run.stderr)
    }
}
