import Foundation
import XCTest

/// `rxleaks test` on Tests/Fixtures/InvitationApp: a view model bound four times through a bag it is handed,
/// whose two subscriptions' closures keep the service whose streams keep them, and a test that subscribes
/// into its own bag as well. The report a team acts on: one cause per closure site with the count of paths
/// it is on, a headline that counts what it lists, and a row whose columns count the same subscriptions.
final class InvitationReportTests: XCTestCase {
    private static let fixture = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/InvitationApp")
    private static let test = "InvitationViewModelTests.testAcceptingShowsTheTeam"

    private func rxleaksTest(_ arguments: [String]) throws -> CLI.Invocation {
        try CLI.run(
            ["test", "--package-path", Self.fixture.path, "--scratch-path", CLI.fixtureScratch.path] + arguments)
    }

    func testEachClosureSiteIsOneCauseWithItsPathsAndTheHeadlineCountsThem() throws {
        let run = try rxleaksTest(["--format", "json"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let document = try run.json()
        XCTAssertEqual(try CLI.testSchema().violations(of: document), [])
        let test = try XCTUnwrap(document["tests"]?.arrayValue?.first { $0["name"]?.stringValue == Self.test })
        XCTAssertEqual(test["verdict"]?.stringValue, "leaked")
        let leak = try XCTUnwrap(test["leaks"]?.arrayValue?.first { $0["heldBy"] == nil }, "\(test)")
        let causes = leak["causes"]?.arrayValue ?? []
        XCTAssertEqual(causes.compactMap { $0["paths"]?.numberValue }, [4, 4], "\(causes)")
        XCTAssertEqual(leak["unlistedCauses"]?.numberValue, 0)
        let sites = causes.compactMap { $0["reference"]?["from"]?["name"]?.stringValue }
        XCTAssertEqual(
            Set(sites),
            [
                "closure given to subscribe(onNext:) at InvitationViewModel.swift:24",
                "closure given to subscribe(onNext:) at InvitationViewModel.swift:27",
            ])
        let report = try XCTUnwrap(test["report"]?.stringValue)
        XCTAssertTrue(report.contains("NOT clean (2 distinct fixes below)"), report)
        XCTAssertEqual(
            report.components(separatedBy: "(on 4 paths: the same reference made 4 times, one fix)").count, 3, report)
        XCTAssertFalse(report.contains("more cause(s) not listed"), report)
    }

    /// The subscriptions the test made into its own bag end with the test case: the SUBSCRIPTIONS column,
    /// the listing and the LEFT column's count of subscriptions are one number.
    func testTheRowsColumnsAndListingCountTheSameSubscriptions() throws {
        let run = try rxleaksTest([])
        XCTAssertEqual(run.status, 1, run.stderr)
        let row = String(
            try XCTUnwrap(run.stdout.split(separator: "\n").first { $0.contains(" \(Self.test) ") }, run.stdout))
        let columns = row.split(separator: "  ", omittingEmptySubsequences: true).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let listed = try XCTUnwrap(Int(columns[3]), row)
        let left = try XCTUnwrap(columns[4].firstMatch(of: #/(\d+) subscriptions?/#).flatMap { Int($0.1) }, row)
        XCTAssertEqual(left, listed, row)
        XCTAssertTrue(run.stdout.contains("  \(listed) subscription(s) made in the check still alive:"), run.stdout)
    }

    /// The bag the view model's closures capture is named for what happened, in one sentence that the text,
    /// the JSON and the SARIF log all give.
    func testTheCapturedBagIsNamedWithTheSameSentenceInEveryFormat() throws {
        let name = "dispose bag captured by a closure of a subscription it holds"
        let text = try rxleaksTest([])
        XCTAssertTrue(text.stdout.contains("pattern: \(name)"), text.stdout)
        let json = try rxleaksTest(["--format", "json"]).json()
        let test = try XCTUnwrap(json["tests"]?.arrayValue?.first { $0["name"]?.stringValue == Self.test })
        let pattern = try XCTUnwrap(test["leaks"]?.arrayValue?.first { $0["heldBy"] == nil }?["pattern"])
        XCTAssertEqual(pattern["id"]?.stringValue, "dispose-bag-captured")
        XCTAssertEqual(pattern["name"]?.stringValue, name)
        let sarif = try rxleaksTest(["--format", "sarif"]).json()
        let results = sarif["runs"]?.arrayValue?.first?["results"]?.arrayValue ?? []
        let result = try XCTUnwrap(results.first { $0["ruleId"]?.stringValue == "dispose-bag-captured" }, "\(results)")
        XCTAssertTrue(result["message"]?["text"]?.stringValue?.contains(name) == true, "\(result)")
    }

    /// Each rule of the SARIF log reads as the pattern's name, with where the guide explains it and the fix:
    /// the leak's rule and the lint's rule of the same pattern alike.
    func testTheSARIFRulesReadAsThePatternsNamesNotTheirIDs() throws {
        let sarif = try rxleaksTest(["--format", "sarif"]).json()
        let rules = sarif["runs"]?.arrayValue?.first?["tool"]?["driver"]?["rules"]?.arrayValue ?? []
        for id in ["dispose-bag-captured", "lint.dispose-bag-captured"] {
            let rule = try XCTUnwrap(rules.first { $0["id"]?.stringValue == id }, "\(rules)")
            XCTAssertEqual(
                rule["shortDescription"]?["text"]?.stringValue,
                "dispose bag captured by a closure of a subscription it holds", "\(rule)")
            XCTAssertEqual(
                rule["fullDescription"]?["text"]?.stringValue,
                "dispose bag captured by a closure of a subscription it holds (guide 000, \"Dispose bag\")", "\(rule)")
            XCTAssertTrue(
                rule["help"]?["text"]?.stringValue?.hasPrefix("Dispose the inner subscriptions") == true, "\(rule)")
        }
    }
}
