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
        let suppressions = Suppressions(source: source)
        var findings: [Finding] = []
        for rule in rules {
            for hit in rule.check(file) {
                let (line, column) = file.position(of: hit.node)
                guard !suppressions.silences(rule.id, onLine: line) else { continue }
                findings.append(Finding(
                    rule: rule.id, message: hit.message, fix: rule.fix, guide: rule.guide,
                    file: path, line: line, column: column, scope: hit.node.scopeDescription))
            }
        }
        return (findings.sorted { ($0.line, $0.column, $0.rule) < ($1.line, $1.column, $1.rule) }, nil)
    }

    /// Lints every `.swift` file under `paths` (files, or directories searched
    /// recursively, skipping hidden and `.build` directories), except those
    /// under a path in `excluded`.
    ///
    /// - Throws: ``LintError/noSuchPath(_:)`` for a path that does not exist,
    ///   before anything is linted.
    package func lint(paths: [String], excluding excluded: [String] = []) throws(LintError) -> LintResult {
        let files = try SwiftFiles.find(in: paths, excluding: excluded)
        let results = ResultSlots(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let path = files[index]
            guard let data = FileManager.default.contents(atPath: path) else {
                results.store((findings: [], unparsable: UnparsableFile(file: path, line: 1, column: 1, message: "cannot be read")), at: index)
                return
            }
            results.store(lint(source: String(decoding: data, as: UTF8.self), path: path), at: index)
        }
        let all = results.values
        return LintResult(
            findings: all.flatMap(\.findings),
            unparsableFiles: all.compactMap(\.unparsable),
            fileCount: files.count)
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
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [(findings: [Finding], unparsable: UnparsableFile?)?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ result: (findings: [Finding], unparsable: UnparsableFile?), at index: Int) {
        lock.withLock { slots[index] = result }
    }

    var values: [(findings: [Finding], unparsable: UnparsableFile?)] {
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
                return UnparsableFile(file: path, line: line, column: column, message: "expected \(token.tokenKind.expectedText)")
            }
            if let unexpected = token.parent?.as(UnexpectedNodesSyntax.self) ?? token.ancestor(UnexpectedNodesSyntax.self) {
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
