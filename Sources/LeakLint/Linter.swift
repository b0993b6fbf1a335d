#if Lint
import Foundation
import SwiftSyntax

/// Runs the rules over files and directories.
package struct Linter: Sendable {
    /// The rules that run.
    package let rules: [any LintRule]

    /// A linter with `rules` (every rule by default).
    package init(rules: [any LintRule] = Rules.all) {
        self.rules = rules
    }

    /// A linter with every rule but those `configuration` disables.
    package init(configuration: LintConfiguration) {
        self.init(rules: Rules.all.filter { !configuration.disabled.contains($0.id) })
    }

    /// Lints one file's text. Returns nil findings and the first syntax error
    /// when the text does not parse.
    package func lint(source: String, path: String) -> (findings: [Finding], unparsable: UnparsableFile?) {
        let file = LintedFile(path: path, source: source)
        if let error = file.firstSyntaxError {
            return ([], error)
        }
        return (hits(in: file, source: source).map(\.finding), nil)
    }

    /// Lints one file's text and makes the guide's fix for each finding a rule
    /// can fix there; nil when the text does not parse. A finding whose edits
    /// overlap an earlier one's is left for a second run; when the fixed text
    /// would not parse, nothing is fixed. Only the findings `selecting` accepts
    /// are fixed or listed (`rxleaks fix` fixes the ones a test's leak passes through).
    package func fix(
        source: String, path: String,
        selecting: (Finding) -> Bool = { _ in true }
    ) -> Result<FileFix, UnparsableFile> {
        let file = LintedFile(path: path, source: source)
        if let error = file.firstSyntaxError { return .failure(error) }
        var edits: [SourceEdit] = [], fixed: [Finding] = [], unfixed: [UnfixedFinding] = []
        for (finding, hit) in hits(in: file, source: source) where selecting(finding) {
            if hit.edits.isEmpty {
                unfixed.append(UnfixedFinding(finding: finding, reason: hit.unfixable))
            } else if hit.edits.contains(where: { edit in edits.contains { $0.overlaps(edit) } }) {
                unfixed.append(
                    UnfixedFinding(finding: finding, reason: "another fix changes the same code: run --fix again"))
            } else {
                edits += hit.edits
                fixed.append(finding)
            }
        }
        let text = source.applying(edits)
        if !fixed.isEmpty, LintedFile(path: path, source: text).firstSyntaxError != nil {
            let reason = "the rewritten file would not parse"
            return .success(
                FileFix(
                    path: path, original: source, fixed: source, fixedFindings: [], edits: [],
                    unfixed: (unfixed + fixed.map { UnfixedFinding(finding: $0, reason: reason) }).sorted()))
        }
        return .success(
            FileFix(path: path, original: source, fixed: text, fixedFindings: fixed, edits: edits, unfixed: unfixed))
    }

    /// Every rule's hits in `file` that no suppression comment silences, with their findings, in source order.
    private func hits(in file: LintedFile, source: String) -> [(finding: Finding, hit: RuleHit)] {
        let suppressions = Suppressions(source: source)
        var hits: [(finding: Finding, hit: RuleHit)] = []
        for rule in rules {
            for hit in rule.check(file) {
                let (line, column) = file.position(of: hit.node)
                guard !suppressions.silences(rule.id, onLine: line) else { continue }
                var finding = Finding(
                    rule: rule.id, message: hit.message, fix: rule.fix, guide: rule.guide,
                    file: file.path, line: line, column: column, scope: hit.node.scopeDescription)
                finding.chainLines = file.chainLines(around: hit.node)
                hits.append((finding, hit))
            }
        }
        return hits.sorted { $0.finding < $1.finding }
    }

    /// Lints every `.swift` file under `paths` (files, or directories searched
    /// recursively, skipping hidden and `.build` directories), except those
    /// under a path in `excluded`.
    ///
    /// - Throws: ``LintError/noSuchPath(_:)`` for a path that does not exist,
    ///   before anything is linted.
    package func lint(paths: [String], excluding excluded: [String] = []) throws(LintError) -> LintResult {
        let files = try SwiftFiles.find(in: paths, excluding: excluded)
        let all = Self.each(of: files) { path, source in
            source.map { lint(source: $0, path: path) } ?? ([], UnparsableFile(unreadable: path))
        }
        return LintResult(
            findings: all.flatMap(\.findings),
            unparsableFiles: all.compactMap(\.unparsable),
            fileCount: files.count)
    }

    /// ``fix(source:path:)`` for every `.swift` file under `paths`, found as
    /// ``lint(paths:excluding:)`` finds them; nothing is written.
    package func fix(paths: [String], excluding excluded: [String] = []) throws(LintError) -> [Result<
        FileFix, UnparsableFile
    >] {
        let files = try SwiftFiles.find(in: paths, excluding: excluded)
        return Self.each(of: files) { path, source in
            source.map { fix(source: $0, path: path) } ?? .failure(UnparsableFile(unreadable: path))
        }
    }

    /// `body` on each file's path and text (nil when it cannot be read), on all cores, results in `files`' order.
    private static func each<Result>(of files: [String], _ body: @Sendable (String, String?) -> Result) -> [Result] {
        let results = ResultSlots<Result>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let data = FileManager.default.contents(atPath: files[index])
            results.store(body(files[index], data.map { String(decoding: $0, as: UTF8.self) }), at: index)
        }
        return results.values
    }
}

/// Why a lint run could not start.
package enum LintError: Error, Equatable, CustomStringConvertible {
    /// A path given to lint does not exist.
    case noSuchPath(String)
    /// A path is neither a Swift file nor a directory.
    case notSwiftSource(String)
    /// The configuration file cannot be read or decoded.
    case badConfiguration(path: String, reason: String)

    package var description: String {
        switch self {
        case .noSuchPath(let path): "no such file or directory: \(path)"
        case .notSwiftSource(let path): "not a Swift file or a directory: \(path)"
        case .badConfiguration(let path, let reason): "bad configuration file \(path): \(reason)"
        }
    }
}

/// One slot per file, written from the concurrent loop.
private final class ResultSlots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ result: Value, at index: Int) {
        lock.withLock { slots[index] = result }
    }

    var values: [Value] {
        lock.withLock { slots.compactMap { $0 } }
    }
}

/// Finds the Swift files to lint.
enum SwiftFiles {
    static func find(in paths: [String], excluding excluded: [String]) throws(LintError) -> [String] {
        let manager = FileManager.default
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .noSuchPath(path) }
            if !isDirectory.boolValue {
                guard path.hasSuffix(".swift") else { throw .notSwiftSource(path) }
                files.append(path)
                continue
            }
            guard let enumerator = manager.enumerator(atPath: path) else { throw .noSuchPath(path) }
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") {
                    enumerator.skipDescendants()
                    continue
                }
                if relative.hasSuffix(".swift") {
                    files.append(path.hasSuffix("/") ? path + relative : path + "/" + relative)
                }
            }
        }
        let normalizedExclusions = excluded.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        return files.filter { file in
            !normalizedExclusions.contains { file == $0 || file.hasPrefix($0 + "/") || file.hasPrefix("./" + $0 + "/") }
        }.sorted()
    }
}

extension LintedFile {
    /// The first place the parser could not make sense of, if any.
    var firstSyntaxError: UnparsableFile? {
        guard tree.hasError else { return nil }
        for token in tree.tokens(viewMode: .all) {
            if token.presence == .missing {
                let (line, column) = position(of: token)
                return UnparsableFile(
                    file: path, line: line, column: column, message: "expected \(token.tokenKind.expectedText)")
            }
            if let unexpected = token.parent?.as(UnexpectedNodesSyntax.self)
                ?? token.ancestor(UnexpectedNodesSyntax.self)
            {
                let (line, column) = position(of: unexpected)
                let text = unexpected.trimmedDescription.prefix(40)
                return UnparsableFile(file: path, line: line, column: column, message: "unexpected code '\(text)'")
            }
        }
        return UnparsableFile(file: path, line: 1, column: 1, message: "does not parse")
    }
}

private extension TokenKind {
    var expectedText: String {
        switch self {
        case .identifier: "an identifier"
        case .rightBrace: "'}'"
        case .rightParen: "')'"
        case .rightSquare: "']'"
        default: "'\(TokenSyntax(self, presence: .present).text)'"
        }
    }
}
#endif
