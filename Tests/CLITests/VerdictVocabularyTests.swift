import ReportFormats
import XCTest

/// `rxleaks run` and `rxleaks test` say what a run came to in one vocabulary: the schemas' list of verdicts
/// is the `Verdict` type's, and the test schema takes it from the run schema rather than listing its own.
final class VerdictVocabularyTests: XCTestCase {
    func testTheRunSchemasVerdictsAreTheVerdictType() throws {
        let schema = try CLI.schema("rxleaks-run.schema.json")
        let listed = try XCTUnwrap(schema["$defs"]?["verdict"]?["enum"]?.arrayValue).compactMap(\.stringValue)
        XCTAssertEqual(listed, Verdict.allCases.map(\.rawValue))
        XCTAssertEqual(schema["$defs"]?["outcome"]?["properties"]?["kind"]?["$ref"], .string("#/$defs/verdict"))
    }

    func testTheTestSchemaTakesItsVerdictsFromTheRunSchema() throws {
        let schema = try CLI.schema("rxleaks-test.schema.json")
        XCTAssertEqual(
            schema["$defs"]?["test"]?["properties"]?["verdict"]?["$ref"],
            .string("rxleaks-run.schema.json#/$defs/verdict"))
    }
}
