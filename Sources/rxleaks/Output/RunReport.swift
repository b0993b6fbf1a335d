import Foundation
import ReportFormats
import Leaks

/// The totals of a run.
struct RunSummary: Codable, Equatable {
    /// Variants run.
    var variants: Int
    /// Scenarios they belong to.
    var scenarios: Int
    /// Variants whose outcome matched the expectation.
    var matched: Int
    /// Variants whose outcome did not.
    var mismatched: Int
    /// Variants run in a child process.
    var isolated: Int
    /// Variants that crashed (expected or not).
    var crashed: Int
    /// Variants killed at the time limit.
    var timedOut: Int
    /// Variants that threw, did not settle or ran away re-entering (expected or not).
    var faulted: Int
    /// Wall-clock time of the whole run.
    var seconds: Double

    init(_ records: [VariantRecord], seconds: Double) {
        variants = records.count
        scenarios = Set(records.map(\.scenario)).count
        matched = records.filter(\.matched).count
        mismatched = variants - matched
        isolated = records.filter(\.isolated).count
        crashed = records.filter { $0.outcome.kind == .crashed }.count
        timedOut = records.filter { $0.outcome.kind == .timedOut }.count
        faulted = records.filter { Self.faultKinds.contains($0.outcome.kind) }.count
        self.seconds = seconds
    }

    /// The outcomes that are faults of the variant's code rather than verdicts on it.
    static let faultKinds: Set<Verdict> = [.threw, .unsettled, .runawayReentrancy]

    /// `7 variants in 3 scenarios: 6 matched, 1 did not; 2 isolated (1 crashed, 1 timed out); 1 faulted; 0.84 s`.
    var line: String {
        var text =
            "\(variants) variant\(variants == 1 ? "" : "s") in \(scenarios) scenario\(scenarios == 1 ? "" : "s"): "
            + "\(matched) matched, \(mismatched) did not"
        if isolated > 0 { text += "; \(isolated) isolated (\(crashed) crashed, \(timedOut) timed out)" }
        if faulted > 0 { text += "; \(faulted) faulted (threw, did not settle or ran away)" }
        return text + String(format: "; %.2f s", seconds)
    }
}

/// What `run --format json` prints: documented by `docs/rxleaks-run.schema.json`.
struct RunDocument: Codable {
    /// Bumped when a field changes meaning or goes away.
    var schemaVersion = 2
    /// True when every variant matched (exit status 0).
    var allMatched: Bool
    /// The totals.
    var summary: RunSummary
    /// One record per variant, in catalogue order.
    var results: [VariantRecord]

    init(_ records: [VariantRecord], summary: RunSummary) {
        allMatched = records.allSatisfy(\.matched)
        self.summary = summary
        results = records
    }

    /// Pretty-printed JSON with sorted keys.
    func json() throws -> String {
        try JSONOutput.document(self)
    }
}

extension GuideEntry {
    /// `guide 000` for a numbered guide document, the file's name otherwise
    /// (`fault fixtures`).
    var documentName: String {
        let number = file.prefix(3)
        return number.count == 3 && number.allSatisfy(\.isNumber) ? "guide \(number)" : file
    }
}

/// The run as an aligned table: counts, verdict and match per variant.
enum RunText {
    /// How the count columns read.
    static func legend(totals: Bool, kinds: [String]) -> String {
        let counted = (kinds + ["tracked objects"]).joined(separator: ", ")
        return totals
            ? "counts: live \(counted) in the whole process; each before → after teardown → after settling"
            : "counts: \(counted) the variant made that are still alive; each after teardown → after settling "
                + "(--totals for the whole process's)"
    }

    /// The table, the notes under mismatches (and backtraces when asked), and the summary line.
    /// With `totals`, the counts are the process's; otherwise what each variant itself left.
    static func render(
        _ records: [VariantRecord], summary: RunSummary, style: Style, backtraces: Bool, totals: Bool = false
    ) -> String {
        let kinds = records.lazy.compactMap(\.counts).first?.before.kinds.map(\.name) ?? []
        var table = TextTable(
            [("SCENARIO / VARIANT", .left)] + (kinds + ["tracked"]).map { ($0.uppercased(), .left) }
                + [("MATCHED", .left), ("VERDICT", .left)])
        var currentScenario: String?
        for record in records {
            if record.scenario != currentScenario {
                currentScenario = record.scenario
                table.rows.append(
                    .line(
                        style.bold(record.scenario)
                            + style.dim("  \(record.title) (\(record.guide.documentName), \"\(record.guide.section)\")")
                    ))
            }
            let counts = record.counts
            func cell(_ value: (ResourceCounts.Moment) -> Int) -> TextTable.Cell {
                guard let counts else { return "—" }
                let before = value(counts.before)
                let steps =
                    totals
                    ? [before, value(counts.afterTeardown), value(counts.afterSettling)]
                    : [value(counts.afterTeardown) - before, value(counts.afterSettling) - before]
                let text = steps.map(String.init).joined(separator: "→")
                return steps.last! > (totals ? before : 0)
                    ? TextTable.Cell(text, style: style.yellow) : TextTable.Cell(text)
            }
            table.rows.append(
                .cells(
                    [TextTable.Cell("  " + record.variant + (record.isolated ? " (isolated)" : ""))]
                        + kinds.map { kind in cell { $0[kind: kind] } } + [
                            cell(\.trackedObjects),
                            record.matched
                                ? TextTable.Cell("yes", style: style.green) : TextTable.Cell("NO", style: style.red),
                            TextTable.Cell(record.outcome.description),
                        ]))
            if !record.matched {
                table.rows.append(.line(style.red("      expected: \(record.expectation)")))
            }
            if backtraces {
                table.rows.append(contentsOf: backtraceLines(record).map { .line(style.dim($0)) })
            }
        }
        var output =
            style.dim(legend(totals: totals, kinds: kinds)) + "\n\n" + table.render(headerStyle: style.bold) + "\n"
        let line = summary.line
        output += (summary.mismatched == 0 ? style.green(line) : style.red(line)) + "\n"
        return output
    }

    /// The symbolicated sites of a record's leaks and live subscriptions.
    static func backtraceLines(_ record: VariantRecord) -> [String] {
        var lines: [String] = []
        for leak in record.leaks {
            guard let frames = leak.trackedAt.backtrace, !frames.isEmpty else { continue }
            lines.append("      \(leak.typeName) tracked at:")
            lines.append(contentsOf: BacktraceText.readable(frames).map { "        \($0)" })
        }
        for subscription in record.liveSubscriptions {
            guard let frames = subscription.frames, !frames.isEmpty else { continue }
            lines.append("      subscription #\(subscription.id) \(subscription.chain) made at:")
            lines.append(contentsOf: BacktraceText.readable(frames).map { "        \($0)" })
        }
        if lines.isEmpty && (!record.leaks.isEmpty || !record.liveSubscriptions.isEmpty) {
            lines.append("      (no backtraces were captured)")
        }
        return lines
    }
}
