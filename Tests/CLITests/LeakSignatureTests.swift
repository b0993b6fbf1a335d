import Foundation
@testable import Leaks
import LeakSuiteRecords
@testable import rxleaks
import XCTest

/// Signatures come from typed references (docs/reports.md, "Signatures: the contract"): what a leak is,
/// never where its objects were, in which order they were made, or how a report words them.
final class LeakSignatureTests: XCTestCase {
    /// A `type` leaked through `Subject<generic>.observers[index]`, whose observer is a closure given to
    /// `call` that captures it; `wording` names the nodes as a report would, `base` moves every address.
    private func leak(
        _ type: String = "SearchViewModel", call: String = "flatMap", field: String = "observers",
        generic: String = "Int", index: Int = 1, subscription: Int = 3, base: UInt = 0x1000,
        wording: (String) -> String = { $0 }
    ) -> Leak {
        let object = RetainNode(address: base, name: wording(type), kind: .object, type: type)
        let subject = RetainNode(
            address: base + 0x10, name: wording("Subject<\(generic)>"), kind: .object, type: "Subject<\(generic)>")
        let sink = RetainNode(
            address: base + 0x20, name: wording("subscription #\(subscription) (\(call))"), kind: .subscription)
        let closure = RetainNode(
            address: base + 0x30, name: wording("closure given to \(call) at Search.swift:\(index + 5)"),
            kind: .closure, call: call)
        let edges = [
            RetainEdge(
                from: object, to: subject, reference: .field(.init(owner: nil, name: "subject")), kind: .strong,
                site: nil),
            RetainEdge(
                from: subject, to: sink,
                reference: .field(.init(owner: "Subject<\(generic)>", name: field, element: "\(index)")),
                kind: .strong, site: nil),
            RetainEdge(from: sink, to: closure, reference: .ownership(.upstream), kind: .strong, site: nil),
            RetainEdge(
                from: closure, to: object, reference: .capture, kind: .strong, site: "Search.swift:\(index + 5)"),
        ]
        return leaked(type, edges: edges)
    }

    /// A leak of `type` whose cause is the cycle `edges`, as a report's JSON gives it.
    private func leaked(_ type: String, edges: [RetainEdge]) -> Leak {
        let cause = LeakCause(cycle: RetainCycle(edges: edges, isVerified: true), pattern: nil)
        let leak = """
            {"typeName": "\(type)", "kind": "cycle", "address": \(edges[0].from.address),
             "trackedAt": {"origin": "explicit", "file": "App/Search.swift", "line": 6},
             "cycle": \(json(cause.cycle)), "causes": [\(json(cause))]}
            """
        return try! JSONDecoder().decode(Leak.self, from: Data(leak.utf8))
    }

    private func json(_ value: some Encodable) -> String {
        String(decoding: try! JSONEncoder().encode(value), as: UTF8.self)
    }

    private func signature(_ leak: Leak) -> LeakSignature { LeakSignature(leak, scopes: { _ in "Search.bind()" }) }

    func testTheSameLeakKeepsItsSignatureWhateverItsIndicesAddressesOrOrder() {
        let first = signature(leak())
        XCTAssertEqual(first, signature(leak(index: 7, subscription: 12, base: 0x9000)))
        XCTAssertEqual(first.edge, "closure given to flatMap captures SearchViewModel")
        XCTAssertEqual(first.scope, "Search.bind()")
    }

    /// The observers field is the suspect when no closure captures: its index and its holder's generic
    /// arguments are dropped.
    func testAFieldSuspectDropsItsIndexAndGenericArguments() {
        let field = { (generic: String, index: Int) in
            self.signature(
                self.leaked("Box", edges: Array(self.leak(generic: generic, index: index).cycle!.edges.prefix(2))))
        }
        XCTAssertEqual(field("Int", 1), field("String", 3))
        XCTAssertEqual(field("Int", 1).edge, "Subject.observers")
        XCTAssertNotEqual(
            field("Int", 1), signature(leaked("Box", edges: Array(leak(field: "pending").cycle!.edges.prefix(2)))))
    }

    func testAnotherWordingOfTheReportKeepsTheSignature() {
        let reworded = leak(wording: { "«" + $0.uppercased() + "»" })
        XCTAssertNotEqual(reworded.cycle?.description, leak().cycle?.description)
        XCTAssertEqual(signature(reworded), signature(leak()))
    }

    func testTwoDifferentLeaksHaveTwoSignatures() {
        let signatures = Set(
            [leak(), leak("ProfileViewModel"), leak(call: "map")].map(signature).map(\.id))
        XCTAssertEqual(signatures.count, 3)
    }

    func testAVersionOneBaselineIsRefusedWithHowToMigrate() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"schemaVersion": 1, "leaks": []}"#.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Baseline.read(file)) { error in
            let input = error as? BadInput
            XCTAssertTrue(input?.message.contains("schema version 1") ?? false, "\(error)")
            XCTAssertTrue(input?.hint?.contains("--write-baseline") ?? false, "\(error)")
        }
        let run = try CLI.run(
            [
                "test", "--package-path", CLI.packageRoot.appendingPathComponent("Tests/Fixtures/PlainLeaks").path,
                "--baseline", file.path,
            ])
        XCTAssertEqual(run.status, 64, run.stderr)
        XCTAssertTrue(run.stderr.contains("--write-baseline"), run.stderr)
    }

    /// Library resources that rise with every run where no growing place is found are a growth of their own,
    /// named by the kinds that rise, never by their counts: it fails a run and a baseline can hold it.
    func testLibraryResourcesThatRiseAloneAreAGrowthWithASignature() throws {
        func growth(subjects: [Int]) throws -> GrowthReport {
            let moments = subjects.map {
                ResourceCounts.Moment(
                    kinds: [.init(name: "subjects", count: $0), .init(name: "sinks", count: 2)], trackedObjects: 0,
                    total: $0 + 2)
            }
            let report = """
                {"name": "t", "repetitions": \(moments.count), "growths": [], "resources": \(json(moments)),
                 "problems": []}
                """
            return try JSONDecoder().decode(GrowthReport.self, from: Data(report.utf8))
        }
        func signatures(_ growth: GrowthReport) -> [LeakSignature] {
            let verdict = SuiteVerdict(
                framework: .xctest, name: "T.test", ownCheck: false, passed: true, report: .empty, text: "",
                growth: growth)
            XCTAssertEqual(verdict.verdict, .grew)
            return LeakGroup.signatures(of: verdict, scopes: { _ in nil })
        }
        let first = signatures(try growth(subjects: [1, 2, 3]))
        XCTAssertEqual(first.map(\.edge), ["library resources subjects"])
        XCTAssertEqual(first.map(\.type), [LeakSignature.growth])
        XCTAssertEqual(first, signatures(try growth(subjects: [4, 6, 8, 10])), "counts are not part of it")
    }
}
