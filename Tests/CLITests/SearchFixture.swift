import Foundation
import LeakSuiteRecords
import Leaks

/// A package with one leak, as the whole-suite mode reports it: Sources/App/Search.swift, whose
/// `flatMap` closure captures self, and the verdicts of the tests that leak it.
enum SearchFixture {
    /// The file, relative to the package.
    static let file = "Sources/App/Search.swift"

    /// Writes the file into `package`, its `flatMap` closure on line 6 + `linesAbove`.
    static func write(in package: URL, linesAbove: Int = 0) throws {
        let padding = String(repeating: "// a comment line\n", count: linesAbove)
        try
            (padding + """
                final class SearchViewModel {
                    let disposeBag = DisposeBag()
                    func bind(_ queries: Observable<String>) {
                        queries
                            .flatMap {
                                self.search($0)
                            }
                            .subscribe()
                            .disposed(by: disposeBag)
                    }
                }
                """).write(to: package.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }

    /// A leaked `type` held by a cycle whose closure was handed to flatMap at `Search.swift:line`, at `address`.
    static func leak(_ type: String = "SearchViewModel", line: Int, address: UInt = 0x1000, subscription: Int = 3)
        throws -> Leak
    {
        let edges = """
            [{"from": {"address": \(address), "name": "\(type)"}, "to": {"address": 2, "name": "DisposeBag"}, "label": "disposeBag", "kind": "strong"},
             {"from": {"address": 2, "name": "DisposeBag"}, "to": {"address": 3, "name": "subscription #\(subscription) (flatMap)"}, "label": "holds", "kind": "strong"},
             {"from": {"address": 3, "name": "subscription #\(subscription) (flatMap)"}, "to": {"address": 4, "name": "closure given to flatMap at Search.swift:\(line)"}, "label": "upstream", "kind": "strong"},
             {"from": {"address": 4, "name": "closure given to flatMap at Search.swift:\(line)"}, "to": {"address": \(address), "name": "\(type)"}, "label": "captures", "kind": "strong", "site": "Search.swift:\(line)"}]
            """
        let pattern = #"{"id": "closure-strong-self", "name": "closure captures self strongly", "fix": "[weak self]"}"#
        let json = """
            {"typeName": "\(type)", "kind": "cycle", "address": \(address),
             "trackedAt": {"origin": "closureCapture", "file": "App/Search.swift", "line": \(line), "operatorName": "flatMap"},
             "cycle": {"edges": \(edges), "isVerified": true}, "pattern": \(pattern),
             "causes": [{"reference": {"from": {"address": 4, "name": "closure given to flatMap at Search.swift:\(line)"}, "to": {"address": \(address), "name": "\(type)"}, "label": "captures", "kind": "strong", "site": "Search.swift:\(line)"},
                         "cycle": {"edges": \(edges), "isVerified": true}, "pattern": \(pattern)}]}
            """
        return try JSONDecoder().decode(Leak.self, from: Data(json.utf8))
    }

    /// A passed XCTest test's verdict with `leaks`.
    static func verdict(_ name: String, leaks: [Leak]) -> SuiteVerdict {
        SuiteVerdict(
            framework: .xctest, name: name, ownCheck: false, passed: true,
            report: .init(isClean: leaks.isEmpty, leaks: leaks), text: "report of \(name)")
    }
}
