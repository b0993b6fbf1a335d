import Foundation
import Leaks
import ReportFormats

/// `rxleaks test --format sarif`: SARIF 2.1.0 (the subset in
/// `docs/sarif-2.1.0-subset.schema.json`), one result per leaked object that
/// needs a fix, at the line of the closure that captured it (else where it was
/// tracked), named by the test that leaked it; the guide's pattern is the rule.
/// The lint's findings follow, each with the tests that confirm it.
enum TestSARIF {
    static func log(_ outcome: SuiteRun.Outcome, gate: LeakGate, package: URL) -> SARIFLog {
        let files = SourceFiles(package: package)
        var rules = TestSARIFRules()
        var results: [SARIFLog.Result] = []
        for verdict in outcome.verdicts {
            let signatures = gate.signaturesByTest[verdict.name] ?? []
            for (index, leak) in verdict.report.leaks.filter({ $0.heldBy == nil }).enumerated() {
                let rule = rules.rule(of: leak.pattern, kind: leak.kind)
                var text = "\(verdict.name): \(leak.typeName) leaked (\(leak.kind.rawValue))"
                if let pattern = leak.pattern { text += ". \(pattern)" }
                var level = SARIFLog.Level.error
                var baselineState: SARIFLog.BaselineState?
                var fingerprints: [String: String]?
                if index < signatures.count {
                    let signature = signatures[index]
                    fingerprints = ["rxleaksSignature/v\(LeakSignature.version)": signature.id]
                    switch gate.status(of: signature, in: verdict.name) {
                    case .new: baselineState = .new
                    case .known: (baselineState, level) = (.unchanged, .note)
                    case .library, .ignored: level = .note
                    case nil: break
                    }
                }
                results.append(
                    SARIFLog.Result(
                        ruleId: rule.id, ruleIndex: rule.index, level: level, message: text + "\n" + leak.description,
                        locations: [
                            SARIFLog.Location(files.path(of: leak.trackedAt.file), line: Int(leak.trackedAt.line))
                        ],
                        relatedLocations: gate.lint.marks(of: leak).map {
                            SARIFLog.Location($0.file, line: $0.line, column: $0.column)
                        },
                        partialFingerprints: fingerprints, baselineState: baselineState))
            }
        }
        // The baseline's entries this run no longer shows, for a viewer that closes what was fixed.
        for entry in gate.comparison?.fixed ?? [] {
            let rule = rules.rule(ofFixed: entry.pattern)
            results.append(
                SARIFLog.Result(
                    ruleId: rule.id, ruleIndex: rule.index, level: .note,
                    message:
                        "fixed since the baseline: \(entry.type) ← \(entry.edge) (\(entry.tests.joined(separator: ", ")))",
                    locations: [],
                    partialFingerprints: ["rxleaksSignature/v\(LeakSignature.version)": entry.signature],
                    baselineState: .absent))
        }
        for mark in gate.lint.marks {
            let confirmation =
                mark.confirmedBy.isEmpty ? "" : "; confirmed by \(mark.confirmedBy.joined(separator: ", "))"
            let rule = rules.rule(ofLint: mark.rule)
            results.append(
                SARIFLog.Result(
                    ruleId: rule.id, ruleIndex: rule.index, level: .warning,
                    message: mark.message + confirmation,
                    locations: [SARIFLog.Location(mark.file, line: mark.line, column: mark.column)]))
        }
        return SARIFLog(
            driver: "rxleaks-test", rules: rules.rules, results: results)
    }
}

/// Finds a report's `Module/File.swift` (a file ID) among a package's sources,
/// as a path relative to the package: a SARIF viewer opens it from there.
struct SourceFiles {
    private let relativePaths: [String]

    init(package: URL) {
        var paths: [String] = []
        for folder in ["Sources", "Tests"] {
            let enumerator = FileManager.default.enumerator(atPath: package.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                if path.hasSuffix(".swift") { paths.append(folder + "/" + path) }
            }
        }
        relativePaths = paths
    }

    /// The relative path of the one file called `name` (`Search.swift`), or nil when there is none or several.
    func onlyPath(ofFileNamed name: String) -> String? {
        let matches = relativePaths.filter { $0.hasSuffix("/" + name) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The relative path of the file `fileID` names, or `fileID` itself when none matches.
    func path(of fileID: String) -> String {
        let parts = fileID.split(separator: "/")
        guard let name = parts.last else { return fileID }
        let candidates = relativePaths.filter { $0.hasSuffix("/" + name) }
        if let module = parts.dropLast().last, let match = candidates.first(where: { $0.contains("/\(module)/") }) {
            return match
        }
        return candidates.first ?? fileID
    }
}
