import ChildProcesses
import Foundation
@testable import rxleaks
import XCTest

/// `rxleaks switch`: the prepared repositories SwiftPM needs, the mirrors file edited and restored.
final class SwitchCommandTests: XCTestCase {
    private var scratch: URL!
    private var package: URL!
    private var environment: [String: String] { ["XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path] }
    private var mirrors: URL { package.appendingPathComponent(".swiftpm/configuration/mirrors.json") }
    private let rxswiftURLs = ["https://github.com/ReactiveX/RxSwift", "https://github.com/ReactiveX/RxSwift.git"]

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxleaks-switch-tests-\(UUID().uuidString)")
        package = scratch.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try Data("// swift-tools-version:5.9\n".utf8).write(to: package.appendingPathComponent("Package.swift"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    func testSwitchMirrorsRxSwiftToATaggedShimOverATaggedRxLeaksAndUndoKeepsOtherMirrors() throws {
        try writeMirrors([("https://example.com/Other.git", "/elsewhere/Other")])

        let on = try CLI.run(["switch", "--package-path", package.path], environment: environment)
        XCTAssertEqual(on.status, 0, on.stderr)
        let entries = try readMirrors()
        XCTAssertEqual(entries.map(\.original), ["https://example.com/Other.git"] + rxswiftURLs)
        let shim = URL(fileURLWithPath: entries[1].mirror)
        XCTAssertEqual(entries[2].mirror, shim.path)
        XCTAssertEqual(shim.lastPathComponent, "RxSwift")
        XCTAssertTrue(on.stdout.contains("+ https://github.com/ReactiveX/RxSwift.git → \(shim.path)"), on.stdout)

        let rxleaks = shim.deletingLastPathComponent().appendingPathComponent("RxLeaks")
        XCTAssertEqual(try CLI.git(["tag"], in: shim), "6.10.2")
        XCTAssertEqual(try CLI.git(["tag"], in: rxleaks), "1.0.0")
        XCTAssertEqual(try CLI.git(["status", "--porcelain"], in: rxleaks), "")
        let manifest = try String(contentsOf: shim.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(".package(url: \"\(rxleaks.path)\", exact: \"1.0.0\")"), manifest)
        for module in ["RxSwift", "RxRelay", "RxCocoa", "RxTest", "RxBlocking"] {
            XCTAssertTrue(manifest.contains(".library(name: \"\(module)\", targets: [\"\(module)\"])"), module)
            let source = try String(
                contentsOf: shim.appendingPathComponent("Sources/\(module)/\(module).swift"), encoding: .utf8)
            XCTAssertTrue(source.contains("@_exported import RxCore\n"), module)
        }
        // RxLeaks' own tree, as committed or changed in the checkout this test runs from.
        XCTAssertEqual(
            try Data(contentsOf: rxleaks.appendingPathComponent("Package.swift")),
            try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Package.swift")))

        let off = try CLI.run(["switch", "--undo", "--package-path", package.path], environment: environment)
        XCTAssertEqual(off.status, 0, off.stderr)
        XCTAssertEqual(try readMirrors().map(\.original), ["https://example.com/Other.git"])
        XCTAssertTrue(off.stdout.contains("- https://github.com/ReactiveX/RxSwift.git (was \(shim.path))"), off.stdout)

        let again = try CLI.run(["switch", "--undo", "--package-path", package.path], environment: environment)
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.stdout.hasPrefix("Nothing to undo"), again.stdout)
    }

    /// A binary used outside its checkout: `RXLEAKS_CHECKOUT` or `--rxleaks` names the checkout, and one
    /// that is not RxLeaks is bad input that says so, for `switch` and for `test`, with nothing written.
    func testACheckoutThatIsNotRxLeaksIsBadInputNamingTheWaysToGiveOne() throws {
        let missing = scratch.appendingPathComponent("no-such-checkout").path
        let switched = try CLI.run(
            ["switch", "--package-path", package.path],
            environment: environment.merging(["RXLEAKS_CHECKOUT": missing]) { $1 })
        XCTAssertEqual(switched.status, 64, switched.stderr)
        XCTAssertTrue(
            switched.stderr.contains("\(missing) (RXLEAKS_CHECKOUT) is not an RxLeaks checkout"), switched.stderr)
        XCTAssertTrue(
            switched.stderr.contains("Give one with --rxleaks DIR or the environment variable RXLEAKS_CHECKOUT=DIR."),
            switched.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: mirrors.path))

        let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/ScoreBoard")
        let before = try CLI.snapshot(fixture)
        let tested = try CLI.run(
            [
                "test", "--package-path", fixture.path, "--scratch-path", scratch.appendingPathComponent("test").path,
                "--rxleaks", missing,
            ], environment: environment)
        XCTAssertEqual(tested.status, 64, tested.stderr)
        XCTAssertTrue(tested.stderr.contains("\(missing) (--rxleaks) is not an RxLeaks checkout"), tested.stderr)
        XCTAssertEqual(try CLI.snapshot(fixture), before)
    }

    func testUndoRemovesTheMirrorsFileTheSwitchCreated() throws {
        XCTAssertEqual(try CLI.run(["switch", "--package-path", package.path], environment: environment).status, 0)
        XCTAssertEqual(try readMirrors().map(\.original), rxswiftURLs)
        XCTAssertEqual(
            try CLI.run(["switch", "--undo", "--package-path", package.path], environment: environment).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: mirrors.path))
    }

    func testOneTreeGivesOneCommitInAnyCache() throws {
        let first = try CLI.run(["switch", "--package-path", package.path], environment: environment)
        let second = try CLI.run(
            ["switch", "--package-path", package.path],
            environment: ["XDG_CACHE_HOME": scratch.appendingPathComponent("other-cache").path])
        XCTAssertEqual([first.status, second.status], [0, 0], first.stderr + second.stderr)
        let commits = try ["cache", "other-cache"].map { cache in
            let folders = try FileManager.default.contentsOfDirectory(
                atPath: scratch.appendingPathComponent("\(cache)/rxleaks/switch").path)
            XCTAssertEqual(folders.count, 1, "\(folders)")
            return try CLI.git(
                ["rev-parse", "HEAD"],
                in: scratch.appendingPathComponent("\(cache)/rxleaks/switch/\(folders[0])/RxLeaks"))
        }
        XCTAssertEqual(commits[0], commits[1])
    }

    func testConfigPathLeavesThePackageUntouched() throws {
        let configuration = scratch.appendingPathComponent("config")
        let on = try CLI.run(
            ["switch", "--package-path", package.path, "--config-path", configuration.path], environment: environment)
        XCTAssertEqual(on.status, 0, on.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: package.appendingPathComponent(".swiftpm").path))
        XCTAssertEqual(
            try readMirrors(configuration.appendingPathComponent("mirrors.json")).map(\.original), rxswiftURLs)
        XCTAssertTrue(on.stdout.contains("--config-path \(configuration.path)"), on.stdout)
    }

    func testAMirrorOfRxSwiftTheUserMadeIsLeftAloneAndRefused() throws {
        try writeMirrors([("https://github.com/ReactiveX/RxSwift.git", "/forks/RxSwift")])
        let before = try Data(contentsOf: mirrors)
        let on = try CLI.run(["switch", "--package-path", package.path], environment: environment)
        XCTAssertEqual(on.status, 1)
        XCTAssertTrue(
            on.stderr.contains("already mirrors https://github.com/ReactiveX/RxSwift.git to /forks/RxSwift"), on.stderr)
        XCTAssertEqual(try Data(contentsOf: mirrors), before)
    }

    func testADependencyOnRxLeaksUnderAnotherIdentityIsWarnedAbout() throws {
        let checkout = scratch.appendingPathComponent("rxleaks-main")
        try FileManager.default.createDirectory(at: checkout, withIntermediateDirectories: true)
        try Data(
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"RxLeaks\")\n".utf8
        )
        .write(to: checkout.appendingPathComponent("Package.swift"))
        try Data(
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", dependencies: [.package(path: "../rxleaks-main")])

            """.utf8
        ).write(to: package.appendingPathComponent("Package.swift"))
        let on = try CLI.run(["switch", "--package-path", package.path], environment: environment)
        XCTAssertEqual(on.status, 0, on.stderr)
        XCTAssertTrue(
            on.stderr.contains("depends on RxLeaks at \(checkout.path) under the identity 'rxleaks-main'"), on.stderr)

        try FileManager.default.moveItem(at: checkout, to: scratch.appendingPathComponent("RxLeaks"))
        try Data(
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", dependencies: [.package(path: "../RxLeaks")])

            """.utf8
        ).write(to: package.appendingPathComponent("Package.swift"))
        let named = try CLI.run(["switch", "--package-path", package.path], environment: environment)
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertFalse(named.stderr.contains("warning"), named.stderr)
    }

    func testBadInputExits64() throws {
        let notAPackage = try CLI.run(["switch", "--package-path", scratch.path], environment: environment)
        XCTAssertEqual(notAPackage.status, 64)
        XCTAssertTrue(notAPackage.stderr.contains("is not a Swift package (no Package.swift)"), notAPackage.stderr)
        let notRxLeaks = try CLI.run(
            ["switch", "--package-path", package.path, "--rxleaks", package.path], environment: environment)
        XCTAssertEqual(notRxLeaks.status, 64)
        XCTAssertTrue(notRxLeaks.stderr.contains("is not an RxLeaks checkout"), notRxLeaks.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: mirrors.path))
    }

    // MARK: Helpers

    private func writeMirrors(_ entries: [(original: String, mirror: String)]) throws {
        let objects = entries.map { ["original": $0.original, "mirror": $0.mirror] }
        try FileManager.default.createDirectory(
            at: mirrors.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: ["object": objects, "version": 1]).write(to: mirrors)
    }

    private func readMirrors(_ file: URL? = nil) throws -> [(original: String, mirror: String)] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file ?? mirrors)) as? [String: Any]
        let objects = try XCTUnwrap(json?["object"] as? [[String: String]])
        return objects.map { ($0["original"] ?? "", $0["mirror"] ?? "") }
    }
}
