import ArgumentParser
import Foundation

/// `rxleaks counts ID`: the per-kind resource table of a scenario's variants
/// at each step, and how it grows per repetition.
struct CountsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "counts",
        abstract: "Per-kind resource counts at each step of a run, and their growth per repetition.",
        discussion: """
            Steps: before the run, after each repetition's body returned (its locals released), \
            and after settling. With --repeat N, the last column is the growth per repetition.
            """)

    @Argument(help: ArgumentHelp("Scenario ids or glob patterns.", valueName: "ID"))
    var patterns: [String]

    @OptionGroup var execution: ExecutionOptions

    func validate() throws {
        guard !patterns.isEmpty else {
            throw ValidationError("Name at least one scenario id (`rxleaks list` shows them).")
        }
    }

    func run() throws {
        let selection = try execution.select(patterns)
        execution.enableBacktraces()
        let records = RunSession(timeLimit: execution.timeLimit).run(
            execution.jobs(for: selection, withKindCounts: true))
        let style = Style(enabled: Console.stdoutHasColour)
        Console.write(records.map { table($0, style: style) }.joined(separator: "\n"))
    }

    private func table(_ record: VariantRecord, style: Style) -> String {
        let verdict =
            "\(record.outcome.description) "
            + (record.matched ? style.green("(as expected)") : style.red("(expected \(record.expectation))"))
        var output =
            style.bold("\(record.scenario) / \(record.variant)")
            + " — \(record.repetitions) repetition\(record.repetitions == 1 ? "" : "s")\(record.isolated ? ", isolated" : ""): \(verdict)\n"
        guard let steps = record.kindCounts else { return output + "  (no counts: the variant did not finish)\n" }
        let all = [steps.before] + steps.afterRepetitions + [steps.afterSettling]
        let repetitionTitles = steps.afterRepetitions.indices.map {
            steps.afterRepetitions.count == 1 ? "AFTER RUN" : "AFTER REP \($0 + 1)"
        }
        var table = TextTable(
            [("KIND", .left), ("BEFORE", .right)] + repetitionTitles.map { ($0, .right) }
                + [("AFTER SETTLING", .right), ("PER REPETITION", .right)])

        func row(_ name: String, _ value: (KindCounts.Step) -> Int, nameStyle: @escaping (String) -> String = { $0 }) {
            let values = all.map(value)
            let growth = Self.growth(before: values[0], repetitions: Array(values.dropFirst().dropLast()))
            let growthCell =
                growth.hasPrefix("+") ? TextTable.Cell(growth, style: style.yellow) : TextTable.Cell(growth)
            table.rows.append(
                .cells(
                    [TextTable.Cell(name, style: nameStyle)] + values.map { TextTable.Cell(String($0)) } + [growthCell])
            )
        }
        let kinds = Set(all.flatMap(\.kinds.keys)).sorted()
        for kind in kinds { row(kind, { $0.kinds[kind] ?? 0 }) }
        let families = Set(all.flatMap(\.families.keys)).sorted()
        for family in families { row(Self.familyTitle(family), { $0.families[family] ?? 0 }, nameStyle: style.dim) }
        row("live subscriptions", \.subscriptions, nameStyle: style.bold)
        row("total resources", { $0.kinds.values.reduce(0, +) }, nameStyle: style.bold)
        output += table.render(headerStyle: style.bold)
        if let counts = record.counts {
            output +=
                "tracked objects alive: \(counts.before.trackedObjects) before, \(counts.afterTeardown.trackedObjects) after teardown, "
                + "\(counts.afterSettling.trackedObjects) after settling\n"
        }
        return output
    }

    /// `all subjects & relays` for `subject`.
    static func familyTitle(_ family: String) -> String {
        switch family {
        case "observable": "all observables"
        case "sink": "all sinks"
        case "subject": "all subjects & relays"
        case "disposable": "all disposables & bags"
        case "scheduled": "all scheduled items"
        default: "all \(family)"
        }
    }

    /// `+1`, `0`, or each repetition's change when they differ (`+1 +1 +2`).
    static func growth(before: Int, repetitions: [Int]) -> String {
        guard !repetitions.isEmpty else { return "" }
        let changes = zip([before] + repetitions, repetitions).map { $1 - $0 }
        // The first repetition also builds what lives once per run; later ones show the growth.
        let steady = changes.count > 1 ? Array(changes.dropFirst()) : changes
        func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : String(value) }
        return Set(steady).count == 1 ? signed(steady[0]) : steady.map(signed).joined(separator: " ")
    }
}
