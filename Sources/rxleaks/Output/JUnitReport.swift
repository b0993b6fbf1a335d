import ReportFormats

/// The run as JUnit XML for CI dashboards: a test suite per scenario, a test
/// case per variant. A mismatch is a `failure`; a crash nobody expected, a
/// time-out or a child that failed is an `error`.
enum JUnitReport {
    static func render(_ records: [VariantRecord], summary: RunSummary) -> String {
        let order = records.map(\.scenario).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let byScenario = Dictionary(grouping: records, by: \.scenario)
        let suites = order.map { scenario in
            JUnitXML.Suite(
                name: scenario,
                cases: byScenario[scenario, default: []].map { record in
                    var row = JUnitXML.Case(
                        classname: "rxleaks.\(scenario)", name: record.variant, seconds: record.seconds,
                        output: details(record))
                    if !record.matched {
                        row.problem = .init(
                            isError(record) ? .error : .failure, type: record.outcome.kind.rawValue,
                            message: "expected \(record.expectation); observed \(record.outcome.description)",
                            details: details(record))
                    }
                    return row
                })
        }
        return JUnitXML(name: "rxleaks", seconds: summary.seconds, suites: suites).render()
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
        lines += record.liveSubscriptions.map {
            "live subscription #\($0.id) \($0.chain) at \($0.site)"
                + ($0.owner.map { ", owned by \($0)" } ?? ", not owned")
        }
        return lines.joined(separator: "\n")
    }
}
