/// The text section of `rxleaks test` after the reports: what the gate made of the run's signatures.
enum GateText {
    /// Each judged signature with its tests (`3 tests, 1 signature`), marked
    /// new or known against a baseline; the baseline's entries no longer seen;
    /// then the known library leaks and what was left out, each with its
    /// reason; then the lint's findings, confirmed by a test or not.
    static func render(_ gate: LeakGate, style: Style) -> String {
        var lines: [String] = []
        if !gate.groups.isEmpty {
            let testCount = Set(gate.groups.flatMap(\.tests)).count
            lines.append(
                "Leaks by signature (\(testCount) test\(testCount == 1 ? "" : "s"), \(gate.groups.count) signature\(gate.groups.count == 1 ? "" : "s")):"
            )
            for group in gate.groups {
                let mark: String
                switch gate.status(ofJudged: group) {
                case .new: mark = style.red("NEW ")
                case .known: mark = "known "
                default: mark = ""
                }
                let rules = gate.lintRules[group.signature].map { " (lint: \($0.joined(separator: ", ")))" } ?? ""
                lines.append("  \(mark)\(group.signature.description)\(rules)")
                lines.append("    \(tests(group.tests))")
            }
        }
        if let fixed = gate.comparison?.fixed, !fixed.isEmpty {
            lines.append("In the baseline but not seen in this run (fixed: prune them):")
            lines += fixed.map { "  \($0.signature): \($0.type) ← \($0.edge)" }
        }
        for (title, list) in [
            ("Known library leaks (not failing):", gate.libraryLeaks), ("Left out (not judged):", gate.ignored),
        ] where !list.isEmpty {
            lines.append(title)
            for (group, entry) in list {
                lines.append("  \(group.signature.description)")
                lines.append("    \(tests(group.tests)); \(entry.because)")
            }
        }
        return (lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n") + lint(gate.lint.marks)
    }

    /// The lint's findings joined with the run, every one of them: `Lint findings (3): 1 confirmed by a test,
    /// 2 not confirmed by any test's leak`, then each confirmed finding with its tests, then the others.
    /// Empty when the lint found nothing (or did not run: a build without the `Lint` trait).
    static func lint(_ marks: [LintJoin.Mark]) -> String {
        guard !marks.isEmpty else { return "" }
        let confirmed = marks.filter { !$0.confirmedBy.isEmpty }
        let unconfirmed = marks.filter(\.confirmedBy.isEmpty)
        let place = { (mark: LintJoin.Mark) in "\(mark.file):\(mark.line):\(mark.column) [rxleaks.\(mark.rule)]" }
        var lines = [
            "Lint findings (\(marks.count)): \(confirmed.count) confirmed by a test, \(unconfirmed.count) not confirmed by any test's leak"
        ]
        if !confirmed.isEmpty {
            lines.append("  confirmed (a test's leak passes through the finding's chain):")
            lines += confirmed.map { "    \(place($0)) confirmed by \($0.confirmedBy.joined(separator: ", "))" }
        }
        if !unconfirmed.isEmpty {
            lines.append(
                "  not confirmed (no test's leak passes through it: not run by a test, or run without leaking):")
            lines += unconfirmed.map { "    \(place($0)) \($0.message)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func tests(_ names: [String]) -> String {
        "\(names.count) test\(names.count == 1 ? "" : "s"): \(names.joined(separator: ", "))"
    }
}
