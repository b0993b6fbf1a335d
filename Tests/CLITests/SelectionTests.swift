@testable import rxleaks
import Scenarios
import XCTest

/// Resolving ids, patterns and `--variant`, and the suggestions for typos.
final class SelectionTests: XCTestCase {
    private func ids(_ patterns: [String], _ filter: VariantFilter = .all) throws -> [String] {
        try Selection.resolve(patterns, variants: filter, in: TestScenarios.all).pairs.map { "\($0.0.id)/\($0.1.name)" }
    }

    func testNoPatternSelectsEverything() throws {
        XCTAssertEqual(
            try ids([]),
            ["test-strong-self/leaking", "test-strong-self/fixed", "test-ignored-result/completing-source"])
    }

    func testIdsQualifiedIdsAndGlobs() throws {
        XCTAssertEqual(try ids(["test-strong-self"]), ["test-strong-self/leaking", "test-strong-self/fixed"])
        XCTAssertEqual(try ids(["guide000-*"]), ["test-strong-self/leaking", "test-strong-self/fixed"])
        XCTAssertEqual(try ids(["*-self"]), ["test-strong-self/leaking", "test-strong-self/fixed"])
        XCTAssertThrowsError(try ids(["guide*-test-ignored-*"]), "no guide number, no qualified id")
        XCTAssertEqual(try ids(["test-ignored-*"]), ["test-ignored-result/completing-source"])
        XCTAssertEqual(try ids(["test-*", "test-strong-self"]).count, 3, "a scenario named twice runs once")
    }

    func testVariantFilterByRoleAndName() throws {
        XCTAssertEqual(try ids([], .role(.fixed)), ["test-strong-self/fixed"])
        XCTAssertEqual(try ids([], .role(.control)), ["test-ignored-result/completing-source"])
        XCTAssertEqual(try ids([], .named("completing-source")), ["test-ignored-result/completing-source"])
        XCTAssertEqual(VariantFilter(argument: "all"), .all)
        XCTAssertEqual(VariantFilter(argument: "leaking"), .role(.leaking))
        XCTAssertEqual(VariantFilter(argument: "completing-source"), .named("completing-source"))
    }

    func testTheCleanFilterSelectsEveryVariantExpectedToComeOutClean() throws {
        XCTAssertEqual(VariantFilter(argument: "clean"), .clean)
        XCTAssertEqual(
            try ids([], .clean), ["test-strong-self/fixed", "test-ignored-result/completing-source"],
            "fixed and control variants, whatever their names")
        XCTAssertEqual(try ids(["test-strong-self"], .clean), ["test-strong-self/fixed"])

        let onlyLeaking = Scenario(
            id: "only-leaking", title: "", guide: TestScenarios.guide, explanation: "", fix: "",
            variants: [TestScenarios.strongSelf.variants[0]])
        XCTAssertThrowsError(try Selection.resolve([], variants: .clean, in: [onlyLeaking])) { error in
            XCTAssertEqual(
                (error as! BadInput).message, "no selected scenario has a variant expected to come out clean")
        }

        let catalogue = try Selection.resolve([], variants: .all).pairs.map(\.1)
        let clean = try Selection.resolve([], variants: .clean).pairs.map(\.1)
        XCTAssertEqual(clean.count, catalogue.filter { $0.expectation == .clean }.count)
        XCTAssertTrue(clean.allSatisfy { $0.role != .leaking }, "no leaking variant is expected clean")
    }

    func testAnUnknownIdSuggestsTheClosestIds() {
        XCTAssertThrowsError(try ids(["test-strong-slef"])) { error in
            let input = error as! BadInput
            XCTAssertEqual(input.message, "unknown scenario id 'test-strong-slef'")
            XCTAssertTrue(input.hint!.contains("did you mean test-strong-self?"), input.hint!)
        }
        XCTAssertThrowsError(try ids(["lst"])) { error in
            XCTAssertTrue((error as! BadInput).hint!.contains("the subcommand `rxleaks list`"))
        }
        XCTAssertThrowsError(try ids(["nothing-*"])) { error in
            XCTAssertEqual((error as! BadInput).message, "no scenario matches 'nothing-*'")
        }
    }

    func testAnUnknownVariantNameSuggestsTheClosestNames() {
        XCTAssertThrowsError(try ids(["test-strong-self"], .named("fixd"))) { error in
            let input = error as! BadInput
            XCTAssertEqual(input.message, "no selected scenario has a variant named 'fixd'")
            XCTAssertTrue(input.hint!.contains("did you mean fixed?"), input.hint!)
        }
        XCTAssertThrowsError(try ids(["test-strong-self"], .role(.control))) { error in
            XCTAssertEqual((error as! BadInput).message, "no selected scenario has a control variant")
        }
    }

    func testEditDistance() {
        XCTAssertEqual(Suggestions.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(Suggestions.editDistance("", "abc"), 3)
        XCTAssertEqual(Suggestions.editDistance("same", "same"), 0)
        XCTAssertEqual(Suggestions.editDistance("lsit", "list"), 1, "a swap of neighbours is one edit")
        XCTAssertEqual(Suggestions.editDistance("lsit", "lint"), 2)
        XCTAssertEqual(
            Suggestions.closest(to: "closure-strong-slef", among: ["closure-strong-self", "shared-dispose-bag"]),
            ["closure-strong-self"])
        XCTAssertEqual(
            Suggestions.closest(
                to: "dispose-bag", among: ["shared-dispose-bag", "dispose-bag-captured", "pausable-steps"]),
            ["dispose-bag-captured", "shared-dispose-bag"], "substrings count when nothing is near")
    }
}
