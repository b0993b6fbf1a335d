#if Lint
import Foundation
import ReportFormats

/// How a ``LintResult`` is written out.
package enum LintFormat: String, Sendable, CaseIterable {
    /// `file:line:col: warning: message [rxleaks.pattern-id]`, one line per
    /// finding, as compilers print them (Xcode and editors pick them up).
    case compiler
    /// One JSON object: findings, unparsable files, counts (schema: `docs/rxleaks-lint.schema.json`).
    case json
    /// SARIF 2.1.0, for code-scanning interfaces.
    case sarif
}

/// Renders lint results.
package enum LintReport {
    /// `result` in `format`, ending with a newline.
    package static func render(_ result: LintResult, as format: LintFormat, rules: [any LintRule] = Rules.all) -> String
    {
        switch format {
        case .compiler: compiler(result)
        case .json: encode(JSONReport(result))
        case .sarif: encode(SARIFLog(result, rules: rules))
        }
    }

    private static func compiler(_ result: LintResult) -> String {
        var lines = result.unparsableFiles.map { file in
            "\(file.file):\(file.line):\(file.column): error: file does not parse, not linted: \(file.message) [rxleaks.syntax]"
        }
        lines += result.findings.map { finding in
            "\(finding.file):\(finding.line):\(finding.column): warning: \(finding.message); fix: \(finding.fix) (\(finding.guide)) [rxleaks.\(finding.rule)]"
        }
        let summary =
            "\(result.findings.count) finding\(result.findings.count == 1 ? "" : "s") in \(result.fileCount) file\(result.fileCount == 1 ? "" : "s")"
            + (result.unparsableFiles.isEmpty ? "" : ", \(result.unparsableFiles.count) not parsed")
        return (lines + [summary]).joined(separator: "\n") + "\n"
    }

    private static func encode(_ value: some Encodable) -> String {
        (try? JSONOutput.document(value)) ?? "{}\n"
    }
}

/// `--format json`.
struct JSONReport: Encodable {
    let tool = "rxleaks lint"
    let fileCount: Int
    let findings: [Finding]
    let unparsableFiles: [UnparsableFile]

    init(_ result: LintResult) {
        fileCount = result.fileCount
        findings = result.findings
        unparsableFiles = result.unparsableFiles
    }
}
#endif
