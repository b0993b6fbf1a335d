#if Lint
/// One place where a guide leak pattern was found.
package struct Finding: Sendable, Hashable, Codable {
    /// The pattern's id, such as `"method-reference-implicit-self"`.
    package let rule: String
    /// What was found here, in one sentence.
    package let message: String
    /// How to fix it, in one line.
    package let fix: String
    /// Where the guide describes the pattern, such as `guide 000, "Capture lists"`.
    package let guide: String
    /// The file, as it was given (relative paths stay relative).
    package let file: String
    /// The 1-based line.
    package let line: Int
    /// The 1-based column.
    package let column: Int
    /// The enclosing declarations, outermost first, such as
    /// `ProfilePresenter.loadAvatar() case .strongSelfOnProfileChanges`.
    package let scope: String
    /// The lines of the Rx chain the finding is in (`source.map { … }.subscribe(…)`), where a
    /// library records the call that took the closure: how a leak found at run time is matched
    /// to the finding. Not written out.
    package var chainLines: ClosedRange<Int>? = nil

    /// Creates a finding.
    package init(
        rule: String, message: String, fix: String, guide: String,
        file: String, line: Int, column: Int, scope: String
    ) {
        self.rule = rule
        self.message = message
        self.fix = fix
        self.guide = guide
        self.file = file
        self.line = line
        self.column = column
        self.scope = scope
    }

    private enum CodingKeys: String, CodingKey {
        case rule, message, fix, guide, file, line, column, scope
    }
}

extension Finding: Comparable {
    /// Source order: by line, column, then rule.
    package static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.line, lhs.column, lhs.rule) < (rhs.line, rhs.column, rhs.rule)
    }
}

/// One file's text with the guide's fixes made (`rxleaks lint --fix`).
package struct FileFix: Sendable {
    /// The file, as it was given.
    package let path: String
    /// The text as it was read.
    package let original: String
    /// The text with the fixes made; `original` when none was.
    package let fixed: String
    /// The findings the fixes remove.
    package let fixedFindings: [Finding]
    /// The edits that turn `original` into `fixed`, all made on `original`.
    package let edits: [SourceEdit]
    /// The findings left as they are, each with why.
    package let unfixed: [UnfixedFinding]
}

/// A finding `--fix` leaves, and why.
package struct UnfixedFinding: Sendable, Comparable {
    /// The finding.
    package let finding: Finding
    /// Why it is not fixed automatically.
    package let reason: String

    package static func < (lhs: UnfixedFinding, rhs: UnfixedFinding) -> Bool { lhs.finding < rhs.finding }
}

/// A file that was not linted because it does not parse.
package struct UnparsableFile: Error, Sendable, Hashable, Codable {
    /// The file, as it was given.
    package let file: String
    /// The 1-based line of the first syntax error.
    package let line: Int
    /// The 1-based column of the first syntax error.
    package let column: Int
    /// The parser's message for the first error.
    package let message: String

    /// A file that cannot be read at all.
    init(unreadable path: String) {
        self.init(file: path, line: 1, column: 1, message: "cannot be read")
    }

    /// A file whose first syntax error, at `line`:`column`, says `message`.
    init(file: String, line: Int, column: Int, message: String) {
        (self.file, self.line, self.column, self.message) = (file, line, column, message)
    }
}

/// What one lint run found.
package struct LintResult: Sendable, Codable {
    /// The findings left after suppression comments, sorted by file and position.
    package var findings: [Finding]
    /// Files that do not parse; every other file was linted.
    package var unparsableFiles: [UnparsableFile]
    /// How many files were linted (parsable or not).
    package var fileCount: Int
}
#endif
