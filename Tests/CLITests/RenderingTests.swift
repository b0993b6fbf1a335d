@testable import rxleaks
import ReportFormats
import Scenarios
import XCTest

/// The text, JUnit, DOT and counts renderings, on records of test-only scenarios run in this process.
final class RenderingTests: XCTestCase {
    private func records() -> [VariantRecord] {
        let selection = try! Selection.resolve([], variants: .all, in: TestScenarios.all)
        return selection.pairs.map { scenario, variant in
            RunSession.inProcess(
                VariantJob(
                    scenario: scenario, variant: variant, repetitions: 2,
                    backtraces: false, kindCounts: true, forceIsolation: false))
        }
    }

    func testTheTableIsAlignedAndPlainWithoutColour() {
        let records = records()
        let text = RunText.render(
            records, summary: RunSummary(records, seconds: 0.5), style: Style(enabled: false), backtraces: false)
        XCTAssertFalse(text.contains("\u{1B}"))
        let lines = text.split(separator: "\n").map(String.init)
        let header = try! XCTUnwrap(lines.first { $0.hasPrefix("SCENARIO / VARIANT") })
        let matchedColumn = header.range(of: "MATCHED")!.lowerBound.utf16Offset(in: header)
        let rows = lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("      ") }
        XCTAssertEqual(rows.count, 3)
        for row in rows {
            let offset = row.index(row.startIndex, offsetBy: matchedColumn)
            XCTAssertTrue(row[offset...].hasPrefix("yes") || row[offset...].hasPrefix("NO "), row)
        }
        XCTAssertTrue(text.contains("  completing-source "), text)
        XCTAssertTrue(lines.last!.hasPrefix("3 variants in 2 scenarios: "), lines.last!)
    }

    func testColourWrapsCellsWithoutBreakingAlignment() {
        let records = records()
        let plain = RunText.render(
            records, summary: RunSummary(records, seconds: 0), style: Style(enabled: false), backtraces: false)
        let coloured = RunText.render(
            records, summary: RunSummary(records, seconds: 0), style: Style(enabled: true), backtraces: false)
        XCTAssertTrue(coloured.contains("\u{1B}[32myes\u{1B}[0m"))
        let stripped = coloured.replacingOccurrences(of: "\u{1B}\\[[0-9]+m", with: "", options: .regularExpression)
        XCTAssertEqual(stripped, plain)
    }

    func testLeakRecordsCarryTheReportAndStepCounts() throws {
        let leaking = records()[0]
        XCTAssertEqual(leaking.outcome.kind, .leaked)
        XCTAssertEqual(leaking.leaks.map(\.typeName), ["Screen", "Screen"])
        XCTAssertEqual(leaking.liveSubscriptions.count, 2)
        XCTAssertEqual(leaking.liveSubscriptions[0].chain, "PublishSubject<Int> → subscribe")
        let steps = try XCTUnwrap(leaking.kindCounts)
        XCTAssertEqual(
            steps.afterRepetitions.map(\.subscriptions),
            [steps.before.subscriptions + 1, steps.before.subscriptions + 2])
        XCTAssertEqual(try XCTUnwrap(leaking.counts).afterSettling.trackedObjects, 2)
    }

    func testJUnitCountsFailuresAndErrorsAndEscapes() {
        var records = records()
        var crashed = records[2]
        crashed.outcome = Outcome(.crashed, "crashed: SIGSEGV, invalid memory access")
        crashed.matched = false
        records.append(crashed)
        let xml = JUnitReport.render(records, summary: RunSummary(records, seconds: 1))
        let failures = records.filter { !$0.matched }.count
        XCTAssertTrue(
            xml.contains(#"<testsuites name="rxleaks" tests="4" failures="\#(failures - 1)" errors="1""#), xml)
        XCTAssertTrue(
            xml.contains(
                "live subscription #\(records[0].liveSubscriptions[0].id) PublishSubject&lt;Int&gt; → subscribe"), xml)
        XCTAssertEqual(JUnitXML.escape("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot;")
    }

    func testTheGraphHasTheLeakedObjectsSubscriptionsAndOwners() {
        let dot = CycleGraph.dot([records()[0]], name: "test \"quoted\"")
        XCTAssertTrue(dot.hasPrefix(#"digraph "test \"quoted\"" {"#), dot)
        XCTAssertTrue(dot.contains(#"[label="Screen", color=red, penwidth=2]"#), dot)
        XCTAssertTrue(dot.contains("shape=note"), dot)
        XCTAssertTrue(dot.hasSuffix("  }\n}\n"))
    }

    func testNodesAreObjectsByAddressAndNameAndOffCycleSubscriptionsHangFromTheirBags() throws {
        // A closure's context and the object it captures may share an address.
        let json = #"""
            {"scenario": "s", "title": "t", "guide": {"file": "000_x.txt", "section": "S"}, "variant": "leaking", "role": "leaking",
             "expectation": "e", "outcome": {"kind": "leaked", "description": "leak"}, "matched": true, "isolated": false,
             "repetitions": 1, "seconds": 0,
             "leaks": [{"typeName": "Presenter", "kind": "cycle", "address": 16, "trackedAt": {"origin": "explicit", "file": "F.swift", "line": 1},
                        "cycle": {"isVerified": true, "edges": [
                            {"from": {"address": 16, "name": "Presenter"}, "to": {"address": 32, "name": "FlatMapSink"}, "label": "sink", "kind": "strong"},
                            {"from": {"address": 32, "name": "FlatMapSink"}, "to": {"address": 16, "name": "closure given to flatMap"}, "label": "selector", "kind": "strong"},
                            {"from": {"address": 16, "name": "closure given to flatMap"}, "to": {"address": 16, "name": "Presenter"}, "label": "captures", "kind": "weak", "site": "F.swift:9"}]}}],
             "liveSubscriptions": [{"id": 7, "verb": "subscribe", "chain": "PublishSubject<Int> → subscribe", "site": "F.swift:3", "file": "M/F.swift", "line": 3, "function": "",
                                    "owner": "DisposeBag#1 (F.swift:2)"}]}
            """#
        let record = try JSONDecoder().decode(VariantRecord.self, from: Data(json.utf8))
        let dot = CycleGraph.dot([record], name: "n")
        XCTAssertTrue(dot.contains(#"v0_n0 [label="Presenter", color=red, penwidth=2];"#), dot)
        XCTAssertTrue(dot.contains(#"v0_n2 [label="closure given to flatMap"];"#), dot)
        XCTAssertTrue(dot.contains(#"v0_n2 -> v0_n0 [label="captures\nF.swift:9", style=dashed, color=gray40];"#), dot)
        XCTAssertTrue(dot.contains(#"v0_n4 [label="DisposeBag#1 (F.swift:2)", shape=folder];"#), dot)
        XCTAssertTrue(dot.contains(#"v0_n4 -> v0_n3 [label="owns", color=gray40];"#), dot)
        XCTAssertTrue(
            dot.contains(#"v0_n3 [label="subscription #7\nPublishSubject<Int> → subscribe\nF.swift:3", shape=note];"#),
            dot)
    }

    func testALeakedCellNamesAFewTypesWithoutTheirGenericArguments() {
        XCTAssertEqual(TestText.leakedCell([]), "")
        XCTAssertEqual(
            TestText.leakedCell([
                "TrackingSubscriberBase<Int, Never>", "Presenter", "TrackingSubscriberBase<Int, Never>",
            ]),
            "Presenter, TrackingSubscriberBase")
        XCTAssertEqual(
            TestText.leakedCell([
                "Map<Just<Int>, String>.Inner<Sink<String>>", "Conduit<Int>", "Presenter", "Zebra", "Zebra<Int>",
            ]), "Conduit, Map.Inner, Presenter +1 more")
    }

    func testGrowthPerRepetition() {
        XCTAssertEqual(CountsCommand.growth(before: 0, repetitions: [1, 2, 3]), "+1")
        XCTAssertEqual(
            CountsCommand.growth(before: 4, repetitions: [5, 5, 5]), "0",
            "what the first repetition builds once is not growth")
        XCTAssertEqual(CountsCommand.growth(before: 0, repetitions: [2]), "+2")
        XCTAssertEqual(CountsCommand.growth(before: 0, repetitions: [1, 2, 4]), "+1 +2")
        XCTAssertEqual(CountsCommand.growth(before: 3, repetitions: [1]), "-2")
    }

    func testCrashCauses() {
        XCTAssertEqual(
            CrashCause.reason(
                signal: SIGABRT,
                stderr: "Fatal error: Attempted to read an unowned reference but object 0x1 was already deallocated"),
            "SIGABRT, unowned reference read after deallocation")
        XCTAssertEqual(
            CrashCause.reason(
                signal: SIGILL,
                stderr: "x.swift:3: Fatal error: Unexpectedly found nil while unwrapping an Optional value"),
            "SIGILL, force-unwrapped nil")
        XCTAssertEqual(
            CrashCause.reason(signal: SIGTRAP, stderr: "Main.swift:9: Fatal error: boom\n"),
            "SIGTRAP, fatal error: boom")
        XCTAssertEqual(CrashCause.reason(signal: SIGSEGV, stderr: ""), "SIGSEGV, invalid memory access")
        XCTAssertEqual(CrashCause.reason(signal: 42, stderr: ""), "signal 42")
    }
}
