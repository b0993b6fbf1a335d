/// The text section of `rxleaks test` after the reports: what the gate made of the run's signatures.
enum GateText {
    /// Each judged signature with its tests (`3 tests, 1 signature`), marked
    /// new or known against a baseline; the baseline's entries no longer seen;
    /// then the known library leaks and what was left out, each with its
    /// reason; then the lint findings a test confirmed.
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
        return (lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n") + lint(gate.lint)
    }

    /// `Lint findings confirmed by a test:` and each finding with its tests; empty when none is.
    static func lint(_ join: LintJoin) -> String {
        let confirmed = join.marks.filter { !$0.confirmedBy.isEmpty }
        guard !confirmed.isEmpty else { return "" }
        return
            (["Lint findings confirmed by a test (\(confirmed.count) of \(join.marks.count)):"]
            + confirmed.map { mark in
                "  \(mark.file):\(mark.line):\(mark.column) [rxleaks.\(mark.rule)] confirmed by \(mark.confirmedBy.joined(separator: ", "))"
            }).joined(separator: "\n") + "\n"
    }

    private static func tests(_ names: [String]) -> String {
        "\(names.count) test\(names.count == 1 ? "" : "s"): \(names.joined(separator: ", "))"
    }
}
