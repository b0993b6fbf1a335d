#if Lint
/// A unified diff (`diff -u`) of two texts, with three lines of context, for
/// showing a fix before it is written.
package enum UnifiedDiff {
    /// The diff from `old` to `new`, labelled `a/path` and `b/path`; empty when they are equal.
    package static func between(_ old: String, _ new: String, path: String) -> String {
        let before = lines(of: old), after = lines(of: new)
        let script = editScript(before, after)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks(of: script) {
            let oldLines = hunk.filter { $0.kind != .added }, newLines = hunk.filter { $0.kind != .removed }
            let oldStart = (oldLines.first?.oldIndex ?? hunk.first?.oldIndex ?? 0) + (oldLines.isEmpty ? 0 : 1)
            let newStart = (newLines.first?.newIndex ?? hunk.first?.newIndex ?? 0) + (newLines.isEmpty ? 0 : 1)
            output += "@@ -\(oldStart),\(oldLines.count) +\(newStart),\(newLines.count) @@\n"
            for line in hunk {
                output += (line.kind == .same ? " " : line.kind == .removed ? "-" : "+") + line.text + "\n"
            }
        }
        return output
    }

    /// The text's lines, without the empty one after a final newline.
    private static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private enum Kind { case same, removed, added }

    private struct Line {
        let kind: Kind
        let text: String
        /// The line's index in the old text (for added lines: where it goes).
        let oldIndex: Int
        /// The line's index in the new text (for removed lines: where it was).
        let newIndex: Int
    }

    /// The lines of both texts in order, each kept, removed or added: a
    /// longest common subsequence, after the common head and tail are set aside.
    private static func editScript(_ old: [String], _ new: [String]) -> [Line] {
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] {
            tail += 1
        }
        let a = Array(old[head..<(old.count - tail)]), b = Array(new[head..<(new.count - tail)])
        // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
        var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var lines = (0..<head).map { Line(kind: .same, text: old[$0], oldIndex: $0, newIndex: $0) }
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                lines.append(Line(kind: .same, text: a[i], oldIndex: head + i, newIndex: head + j))
                i += 1; j += 1
            } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                lines.append(Line(kind: .removed, text: a[i], oldIndex: head + i, newIndex: head + j))
                i += 1
            } else {
                lines.append(Line(kind: .added, text: b[j], oldIndex: head + i, newIndex: head + j))
                j += 1
            }
        }
        let oldTail = old.count - tail, newTail = new.count - tail
        lines += (0..<tail).map {
            Line(kind: .same, text: old[oldTail + $0], oldIndex: oldTail + $0, newIndex: newTail + $0)
        }
        return lines
    }

    /// The changed lines with three lines of context around them, joined where contexts meet.
    private static func hunks(of script: [Line]) -> [[Line]] {
        let changed = script.indices.filter { script[$0].kind != .same }
        var ranges: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - 3)...min(script.count - 1, index + 3)
            if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
        return ranges.map { Array(script[$0]) }
    }
}
#endif
