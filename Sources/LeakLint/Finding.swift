#if Lint
/// One place where a guide leak pattern was found.
public struct Finding: Sendable, Hashable, Codable {
    /// The pattern's id, such as `"method-reference-implicit-self"`.
    public let rule: String
    /// What was found here, in one sentence.
    public let message: String
    /// How to fix it, in one line.
    public let fix: String
    /// Where the guide describes the pattern, such as `guide 000, "Capture lists"`.
    public let guide: String
    /// The file, as it was given (relative paths stay relative).
    public let file: String
    /// The 1-based line.
    public let line: Int
    /// The 1-based column.
    public let column: Int
    /// The enclosing declarations, outermost first, such as
    /// `ProfilePresenter.loadAvatar() case .strongSelfOnProfileChanges`.
    public let scope: String

    /// Creates a finding.
    public init(rule: String, message: String, fix: String, guide: String,
                file: String, line: Int, column: Int, scope: String) {
        self.rule = rule
        self.message = message
        self.fix = fix
        self.guide = guide
        self.file = file
        self.line = line
        self.column = column
        self.scope = scope
    }
}

/// A file that was not linted because it does not parse.
public struct UnparsableFile: Sendable, Hashable, Codable {
    /// The file, as it was given.
    public let file: String
    /// The 1-based line of the first syntax error.
    public let line: Int
    /// The 1-based column of the first syntax error.
    public let column: Int
    /// The parser's message for the first error.
    public let message: String
}

/// What one lint run found.
public struct LintResult: Sendable, Codable {
    /// The findings left after suppression comments, sorted by file and position.
    public var findings: [Finding]
    /// Files that do not parse; every other file was linted.
    public var unparsableFiles: [UnparsableFile]
    /// How many files were linted (parsable or not).
    public var fileCount: Int
}
#endif
