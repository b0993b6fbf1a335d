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
        let object = #"{"address": \#(address), "name": "\#(type)", "kind": "object", "type": "\#(type)"}"#
        let bag = #"{"address": 2, "name": "DisposeBag", "kind": "subscriptionContainer"}"#
        let sink = #"{"address": 3, "name": "subscription #\#(subscription) (flatMap)", "kind": "subscription"}"#
        let closure =
            #"{"address": 4, "name": "closure given to flatMap at Search.swift:\#(line)", "kind": "closure", "call": "flatMap"}"#
        let capture =
            #"{"from": \#(closure), "to": \#(object), "label": "captures", "reference": {"kind": "capture"}, "kind": "strong", "site": "Search.swift:\#(line)"}"#
        let edges = """
            [{"from": \(object), "to": \(bag), "label": "disposeBag", "reference": {"kind": "field", "name": "disposeBag"}, "kind": "strong"},
             {"from": \(bag), "to": \(sink), "label": "holds", "reference": {"kind": "ownership", "name": "holds"}, "kind": "strong"},
             {"from": \(sink), "to": \(closure), "label": "upstream", "reference": {"kind": "ownership", "name": "upstream"}, "kind": "strong"},
             \(capture)]
            """
        let pattern = #"{"id": "closure-strong-self", "name": "closure captures self strongly", "fix": "[weak self]"}"#
        let json = """
            {"typeName": "\(type)", "kind": "cycle", "address": \(address),
             "trackedAt": {"origin": "closureCapture", "file": "App/Search.swift", "line": \(line), "operatorName": "flatMap"},
             "cycle": {"edges": \(edges), "isVerified": true}, "pattern": \(pattern),
             "causes": [{"reference": \(capture),
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
