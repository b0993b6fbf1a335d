#if Lint
import LeakGuide
import LeakLint
import XCTest

/// Suppression comments, files that do not parse, the configuration and bad paths.
final class SuppressionAndParsingTests: XCTestCase {
    private let leaking = """
        final class InboxViewModel {
            init(events: AppEvents) {
                _ = events.didBecomeActive.subscribe(onNext: { [weak self] in self?.refresh() })
            }
        }
        """

    func testTheUnsuppressedSourceIsFlagged() {
        XCTAssertEqual(flaggedLines(of: "ignored-disposable", in: leaking), [3])
    }

    func testSuppressionOnTheLineAboveSilencesThatPatternOnly() {
        let suppressed = leaking.replacingOccurrences(
            of: "        _ = events",
            with: "        // rxleaks:ignore ignored-disposable -- lives as long as the app\n        _ = events")
        XCTAssertEqual(flaggedLines(of: "ignored-disposable", in: suppressed), [])
        let otherPattern = leaking.replacingOccurrences(
            of: "        _ = events", with: "        // rxleaks:ignore share-forever\n        _ = events")
        XCTAssertEqual(flaggedLines(of: "ignored-disposable", in: otherPattern), [4])
    }

    func testSuppressionOnTheSameLineWithoutIdSilencesEverything() {
        let suppressed = leaking.replacingOccurrences(
            of: "self?.refresh() })", with: "self?.refresh() }) // rxleaks:ignore")
        XCTAssertEqual(flaggedLines(of: "ignored-disposable", in: suppressed), [])
    }

    func testAFileThatDoesNotParseIsReportedAndTheRestLinted() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leaklint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "final class Broken {\n    func f( {\n}\n".write(
            to: directory.appendingPathComponent("Broken.swift"), atomically: true, encoding: .utf8)
        try leaking.write(to: directory.appendingPathComponent("Inbox.swift"), atomically: true, encoding: .utf8)
        try "not swift".write(to: directory.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)

        let result = try Linter().lint(paths: [directory.path])

        XCTAssertEqual(result.fileCount, 2)
        XCTAssertEqual(result.unparsableFiles.map { ($0.file as NSString).lastPathComponent }, ["Broken.swift"])
        XCTAssertEqual(result.unparsableFiles.first?.line, 2)
        XCTAssertEqual(result.findings.map(\.rule), ["ignored-disposable"])
        XCTAssertEqual(result.findings.map { ($0.file as NSString).lastPathComponent }, ["Inbox.swift"])
    }

    func testAPathThatDoesNotExistIsAnErrorBeforeAnythingIsLinted() {
        XCTAssertThrowsError(try Linter().lint(paths: ["/no/such/place"])) { error in
            XCTAssertEqual(error as? LintError, .noSuchPath("/no/such/place"))
        }
    }

    func testConfigurationRejectsUnknownKeysAndPatterns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "leaklint-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.json"), typo = directory.appendingPathComponent("typo.json")
        let unknownRule = directory.appendingPathComponent("rule.json")
        try #"{"paths": ["App"], "disabled": ["share-forever"]}"#.write(to: good, atomically: true, encoding: .utf8)
        try #"{"path": ["App"]}"#.write(to: typo, atomically: true, encoding: .utf8)
        try #"{"disabled": ["share-forevr"]}"#.write(to: unknownRule, atomically: true, encoding: .utf8)

        let configuration = try LintConfiguration.load(from: good.path)
        XCTAssertEqual(configuration, LintConfiguration(paths: ["App"], exclude: [], disabled: ["share-forever"]))
        XCTAssertFalse(Linter(configuration: configuration).rules.contains { $0.id == "share-forever" })
        XCTAssertThrowsError(try LintConfiguration.load(from: typo.path)) { error in
            XCTAssertTrue("\(error)".contains("unknown key path"), "\(error)")
        }
        XCTAssertThrowsError(try LintConfiguration.load(from: unknownRule.path)) { error in
            XCTAssertTrue("\(error)".contains("unknown pattern id share-forevr"), "\(error)")
        }
    }
}

/// Every lint rule finds a pattern of the guide's catalogue, and every pattern of the catalogue has a rule.
final class RuleCatalogueTests: XCTestCase {
    func testRulesAndTheCatalogueNameTheSamePatterns() {
        XCTAssertEqual(Rules.all.map(\.id).sorted(), GuidePatterns.all.map(\.id).sorted())
    }
}
#endif
