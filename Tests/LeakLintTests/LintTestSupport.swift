#if Lint
import LeakLint
import XCTest

/// The findings of the rule `id` on `source`, as `line: rule` pairs, failing the test when the source does not parse.
func findings(of id: String, in source: String, file: StaticString = #filePath, line: UInt = #line) -> [Finding] {
    guard let rule = Rules.rule(id: id) else {
        XCTFail("no rule \(id)", file: file, line: line)
        return []
    }
    let (found, unparsable) = Linter(rules: [rule]).lint(source: source, path: "Test.swift")
    XCTAssertNil(unparsable, "the test source does not parse", file: file, line: line)
    return found
}

/// The lines `id` flags in `source`.
func flaggedLines(of id: String, in source: String, file: StaticString = #filePath, line: UInt = #line) -> [Int] {
    findings(of: id, in: source, file: file, line: line).map(\.line)
}
#endif
