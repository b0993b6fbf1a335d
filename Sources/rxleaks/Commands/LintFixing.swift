#if Lint
import ArgumentParser
import Foundation
import LeakLint

/// `rxleaks lint --fix [--dry-run]`: makes the guide's fix for each finding a
/// rule can fix by syntax alone, and says what it left and why. No test
/// proves these fixes: the output says so.
struct LintFixing {
    let fixes: [Result<FileFix, UnparsableFile>]
    let dryRun: Bool

    func run() throws {
        var text = ""
        var written: [String] = []
        for case .success(let fix) in fixes where fix.fixed != fix.original {
            if dryRun {
                text += UnifiedDiff.between(fix.original, fix.fixed, path: fix.path)
            } else {
                do {
                    try Self.replace(fix.path, with: fix.fixed)
                    written.append(fix.path)
                } catch {
                    Console.error("\(fix.path) was not changed: \(error.localizedDescription)")
                    throw ExitCode.failure
                }
            }
        }
        let fixed = fixes.flatMap { (try? $0.get())?.fixedFindings ?? [] }
        let unfixed = fixes.flatMap { (try? $0.get())?.unfixed ?? [] }
        let unparsable = fixes.compactMap { if case .failure(let file) = $0 { file } else { nil } }
        for path in written { text += "fixed \(path)\n" }
        for finding in fixed {
            text +=
                "\(finding.file):\(finding.line):\(finding.column): \(dryRun ? "would fix" : "fixed") [rxleaks.\(finding.rule)]\n"
        }
        for left in unfixed {
            text +=
                "\(left.finding.file):\(left.finding.line):\(left.finding.column): not fixed [rxleaks.\(left.finding.rule)]: \(left.reason); the guide's fix: \(left.finding.fix)\n"
        }
        for file in unparsable {
            text += "\(file.file):\(file.line):\(file.column): not fixed, does not parse: \(file.message)\n"
        }
        let files = Set(fixed.map(\.file)).count
        text +=
            "\(dryRun ? "would fix" : "fixed") \(fixed.count) finding\(fixed.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s")"
            + ", \(unfixed.count) left" + (fixed.isEmpty ? "" : "; not verified by a test: run the tests again") + "\n"
        Console.write(text)
        if !unfixed.isEmpty || !unparsable.isEmpty { throw ExitCode.failure }
    }

    /// Writes `text` over the file at `path` in one step (a file beside it,
    /// renamed over it), keeping its permissions: an interrupted run leaves the
    /// file as it was or fixed, never half written. `rxleaks fix` writes with it too.
    static func replace(_ path: String, with text: String) throws {
        let url = URL(fileURLWithPath: path)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
        try Data(text.utf8).write(to: url, options: .atomic)
        if let permissions {
            try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
        }
    }
}
#endif
