import Foundation

/// The run as JUnit XML for CI dashboards: a test suite per scenario, a test
/// case per variant. A mismatch is a `failure`; a crash nobody expected, a
/// time-out or a child that failed is an `error`.
enum JUnitReport {
    static func render(_ records: [VariantRecord], summary: RunSummary) -> String {
        let errors = records.filter(isError)
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="rxleaks" tests="\#(records.count)" failures="\#(summary.mismatched - errors.count)" errors="\#(errors.count)" time="\#(time(summary.seconds))">"# + "\n"
        let order = records.map(\.scenario).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let byScenario = Dictionary(grouping: records, by: \.scenario)
        for scenario in order {
            let cases = byScenario[scenario]!
            let caseErrors = cases.filter(isError).count
            let caseFailures = cases.filter { !$0.matched }.count - caseErrors
            xml += #"  <testsuite name="\#(escape(scenario))" tests="\#(cases.count)" failures="\#(caseFailures)" errors="\#(caseErrors)" time="\#(time(cases.map(\.seconds).reduce(0, +)))">"# + "\n"
            for record in cases {
                xml += #"    <testcase classname="rxleaks.\#(escape(scenario))" name="\#(escape(record.variant))" time="\#(time(record.seconds))">"# + "\n"
                if !record.matched {
                    let element = isError(record) ? "error" : "failure"
                    let message = "expected \(record.expectation); observed \(record.outcome.description)"
                    xml += #"      <\#(element) type="\#(record.outcome.kind.rawValue)" message="\#(escape(message))">\#(escape(details(record)))</\#(element)>"# + "\n"
                }
                xml += "      <system-out>\(escape(details(record)))</system-out>\n"
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    private static func isError(_ record: VariantRecord) -> Bool {
        guard !record.matched else { return false }
        return [.crashed, .timedOut, .failed].contains(record.outcome.kind)
    }

    private static func details(_ record: VariantRecord) -> String {
        var lines = [
            "scenario: \(record.scenario) (\(record.title)); guide \(record.guide.file), \"\(record.guide.section)\"",
            "variant: \(record.variantLabel)\(record.isolated ? ", isolated" : "")",
            "expected: \(record.expectation)",
            "observed: \(record.outcome.description)",
        ]
        lines += record.leaks.map { $0.description }
        lines += record.liveSubscriptions.map { "live subscription #\($0.id) \($0.chain) at \($0.site)" + ($0.owner.map { ", owned by \($0)" } ?? ", not owned") }
        return lines.joined(separator: "\n")
    }

    private static func time(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

    /// Escapes the five XML specials and drops characters XML 1.0 forbids.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
