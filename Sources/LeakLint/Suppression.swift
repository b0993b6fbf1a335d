#if Lint
/// The `// rxleaks:ignore` comments of one file.
///
/// `// rxleaks:ignore pattern-id` (or several ids, separated by spaces or
/// commas) silences those patterns on its own line and on the next line;
/// `// rxleaks:ignore` alone silences every pattern there. The rest of the
/// comment after ` -- ` is the reason, for the reader.
struct Suppressions {
    /// Line number to the ids silenced there; an empty set silences everything.
    private var silenced: [Int: Set<String>] = [:]

    static let marker = "rxleaks:ignore"

    init(source: String) {
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let comment = line.range(of: "//"),
                let marker = line.range(of: Self.marker, range: comment.upperBound..<line.endIndex)
            else {
                continue
            }
            var rest = line[marker.upperBound...]
            guard rest.first.map({ $0 == " " || $0 == ":" }) ?? true else { continue }
            if let reason = rest.range(of: " -- ") { rest = rest[..<reason.lowerBound] }
            let ids = Set(rest.split(whereSeparator: { " ,:".contains($0) }).map(String.init))
            let lineNumber = index + 1
            for target in [lineNumber, lineNumber + 1] {
                if let existing = silenced[target] {
                    silenced[target] = existing.isEmpty || ids.isEmpty ? [] : existing.union(ids)
                } else {
                    silenced[target] = ids
                }
            }
        }
    }

    /// Whether `rule` is silenced on `line`.
    func silences(_ rule: String, onLine line: Int) -> Bool {
        guard let ids = silenced[line] else { return false }
        return ids.isEmpty || ids.contains(rule)
    }
}
#endif
