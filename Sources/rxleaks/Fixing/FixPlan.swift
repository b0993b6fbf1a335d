#if Lint
import Foundation
import LeakSuiteRecords
import Leaks
import LeakLint

/// A leak `rxleaks fix` tried or left: the test, the leaked type, and the lint
/// finding its suspect edge is in (when there is one).
struct FixedLeak: Encodable {
    var test: String
    var type: String
    var file: String?
    var line: Int?
    var rule: String?
    /// Why it is left; nil for a fixed leak.
    var reason: String?
    /// The `swift test --filter` pattern that runs the test alone.
    var filter: String

    private enum CodingKeys: String, CodingKey {
        case test, type, file, line, rule, reason
    }

    init(_ verdict: SuiteVerdict, type: String) {
        test = verdict.name
        self.type = type
        // XCTest's verdicts name `Suite.test`, its filter matches `Module.Suite/test`.
        let name = verdict.framework == .xctest
            ? verdict.name.replacingOccurrences(of: ".", with: "/", options: .backwards, range: verdict.name.range(of: ".", options: .backwards))
            : verdict.name
        filter = NSRegularExpression.escapedPattern(for: name)
    }

    var place: String {
        guard let file, let line, let rule else { return type }
        return "\(type), \(file):\(line) [rxleaks.\(rule)]"
    }
}

/// What `rxleaks fix` will try: for each file, the lint's fix of the findings
/// the leaking tests' root leaks pass through, and the leaks it cannot try.
struct FixPlan {
    /// One file's fix and the leaks it should end.
    struct Attempt {
        /// Relative to the package when it is inside it.
        var file: String
        var fix: FileFix
        var leaks: [FixedLeak]
    }

    private(set) var attempts: [Attempt] = []
    private(set) var left: [FixedLeak] = []

    init(_ verdicts: [SuiteVerdict], package: URL) {
        let join = LintJoin(package: package, verdicts: verdicts)
        var byFile: [String: [(leak: FixedLeak, marks: [LintJoin.Mark])]] = [:]
        for verdict in verdicts where verdict.verdict == .leaked {
            for leak in verdict.report.leaks where leak.heldBy == nil {
                var fixed = FixedLeak(verdict, type: leak.typeName)
                let marks = join.marks(of: leak)
                guard let mark = marks.first else {
                    fixed.reason = "no lint finding in the package's Sources is on the reference that holds it: see rxleaks test's explanation"
                    left.append(fixed)
                    continue
                }
                (fixed.file, fixed.line, fixed.rule) = (mark.file, mark.line, mark.rule)
                byFile[mark.file, default: []].append((fixed, marks.filter { $0.file == mark.file }))
            }
        }
        for (file, entries) in byFile.sorted(by: { $0.key < $1.key }) {
            let path = file.hasPrefix("/") ? file : package.appendingPathComponent(file).path
            guard let data = FileManager.default.contents(atPath: path) else {
                left += entries.map { Self.left($0.leak, because: "\(file) cannot be read") }
                continue
            }
            let wanted = entries.flatMap(\.marks)
            let result = Linter().fix(source: String(decoding: data, as: UTF8.self), path: path) { finding in
                wanted.contains { Self.mark($0, is: finding) }
            }
            switch result {
            case .failure(let unparsable):
                left += entries.map { Self.left($0.leak, because: "\(file) does not parse: \(unparsable.message)") }
            case .success(let fix):
                var leaks: [FixedLeak] = []
                for (leak, marks) in entries {
                    if fix.fixedFindings.contains(where: { finding in marks.contains { Self.mark($0, is: finding) } }) {
                        leaks.append(leak)
                    } else {
                        let unfixed = fix.unfixed.first { left in marks.contains { Self.mark($0, is: left.finding) } }
                        left.append(Self.left(leak, because: "no rule can fix it: "
                            + (unfixed.map { "\($0.reason); the guide's fix: \($0.finding.fix)" } ?? "the finding is suppressed")))
                    }
                }
                if !leaks.isEmpty { attempts.append(Attempt(file: file, fix: fix, leaks: leaks)) }
            }
        }
    }

    private static func mark(_ mark: LintJoin.Mark, is finding: Finding) -> Bool {
        mark.rule == finding.rule && mark.line == finding.line && mark.column == finding.column
    }

    private static func left(_ leak: FixedLeak, because reason: String) -> FixedLeak {
        var leak = leak
        leak.reason = reason
        return leak
    }
}
#endif
