import Foundation
import Leaks

/// `rxleaks test --format sarif`: SARIF 2.1.0 (the subset in
/// `docs/sarif-2.1.0-subset.schema.json`), one result per leaked object that
/// needs a fix, at the line of the closure that captured it (else where it was
/// tracked), named by the test that leaked it; the guide's pattern is the rule.
struct TestSARIF {
    let document: [String: Any]

    init(_ outcome: SuiteRun.Outcome, gate: LeakGate, package: URL) {
        let files = SourceFiles(package: package)
        var rules: [String] = []
        var results: [[String: Any]] = []
        for verdict in outcome.verdicts {
            let signatures = gate.signaturesByTest[verdict.name] ?? []
            for (index, leak) in verdict.report.leaks.filter({ $0.heldBy == nil }).enumerated() {
                let rule = leak.pattern?.id ?? "leak-\(leak.kind.rawValue)"
                if !rules.contains(rule) { rules.append(rule) }
                var text = "\(verdict.name): \(leak.typeName) leaked (\(leak.kind.rawValue))"
                if let pattern = leak.pattern { text += ". \(pattern)" }
                var result: [String: Any] = [
                    "ruleId": rule, "ruleIndex": rules.firstIndex(of: rule)!, "level": "error",
                    "message": ["text": text + "\n" + leak.description],
                    "locations": [["physicalLocation": [
                        "artifactLocation": ["uri": files.path(of: leak.trackedAt.file)],
                        "region": ["startLine": max(1, Int(leak.trackedAt.line))],
                    ]]],
                ]
                let findings = gate.lint.marks(of: leak)
                if !findings.isEmpty {
                    result["relatedLocations"] = findings.map { Self.location(file: $0.file, line: $0.line, column: $0.column) }
                }
                if index < signatures.count {
                    let signature = signatures[index]
                    result["partialFingerprints"] = ["rxleaksSignature/v1": signature.id]
                    switch gate.status(of: signature, in: verdict.name) {
                    case "new": result["baselineState"] = "new"
                    case "known": (result["baselineState"], result["level"]) = ("unchanged", "note")
                    case "library", "ignored": result["level"] = "note"
                    default: break
                    }
                }
                results.append(result)
            }
        }
        for mark in gate.lint.marks {
            let rule = "lint." + mark.rule
            if !rules.contains(rule) { rules.append(rule) }
            let confirmation = mark.confirmedBy.isEmpty ? "" : "; confirmed by \(mark.confirmedBy.joined(separator: ", "))"
            results.append([
                "ruleId": rule, "ruleIndex": rules.firstIndex(of: rule)!, "level": "warning",
                "message": ["text": mark.message + confirmation],
                "locations": [Self.location(file: mark.file, line: mark.line, column: mark.column)],
            ])
        }
        document = [
            "version": "2.1.0",
            "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
            "runs": [[
                "tool": ["driver": ["name": "rxleaks-test", "rules": rules.map { ["id": $0, "shortDescription": ["text": $0]] }]],
                "results": results,
                "invocations": [["executionSuccessful": true]],
            ]],
        ]
    }

    /// A SARIF location at `file` (relative to the package), `line`, `column`.
    private static func location(file: String, line: Int, column: Int) -> [String: Any] {
        ["physicalLocation": ["artifactLocation": ["uri": file], "region": ["startLine": max(1, line), "startColumn": max(1, column)]]]
    }

    func json() throws -> String {
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
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
