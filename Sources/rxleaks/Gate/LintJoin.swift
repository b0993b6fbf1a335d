import Foundation
import LeakSuiteRecords
import Leaks
#if Lint
import LeakLint
#endif

/// The lint's findings in the package's own sources, joined with what the
/// tests showed at run time: a finding whose chain a leak's cycle passes
/// through (the library recorded the call that took the closure on one of its
/// lines) is confirmed by that test, and the leak carries the finding's rule.
/// A finding no leak passes through has no mark. Empty without the `Lint` trait.
struct LintJoin {
    /// A finding and the tests whose leaks confirm it.
    struct Mark: Encodable {
        var rule: String
        var file: String
        var line: Int
        var column: Int
        var message: String
        /// Sorted; empty when no test's leak passes through it.
        var confirmedBy: [String]
    }

    let marks: [Mark]
    /// The sites (`File.swift:12`) each mark covers, by index into ``marks``.
    private let covered: [(file: String, lines: ClosedRange<Int>)]

    init(package: URL, verdicts: [SuiteVerdict]) {
        #if Lint
        let sources = package.appendingPathComponent("Sources")
        let findings =
            FileManager.default.fileExists(atPath: sources.path)
            ? ((try? Linter().lint(paths: [sources.path]))?.findings ?? []) : []
        let root = package.path.hasSuffix("/") ? package.path : package.path + "/"
        covered = findings.map { (($0.file as NSString).lastPathComponent, $0.chainLines ?? $0.line...$0.line) }
        var marks = findings.map { finding in
            Mark(
                rule: finding.rule,
                file: finding.file.hasPrefix(root) ? String(finding.file.dropFirst(root.count)) : finding.file,
                line: finding.line, column: finding.column, message: finding.message, confirmedBy: [])
        }
        let coveredSites = covered
        for verdict in verdicts {
            let sites = Set(verdict.report.leaks.flatMap(Self.sites))
            for index in marks.indices where sites.contains(where: { Self.site($0, isIn: coveredSites[index]) }) {
                marks[index].confirmedBy.append(verdict.name)
            }
        }
        self.marks = marks.map { mark in
            var mark = mark
            mark.confirmedBy = Array(Set(mark.confirmedBy)).sorted()
            return mark
        }
        #else
        marks = []
        covered = []
        #endif
    }

    /// The findings the leak's suspect edges (the references that hold it, one a cause) are in: every cause
    /// is a reference to break, so a fix made from these ends each of them.
    func marks(of leak: Leak) -> [Mark] {
        let sites =
            leak.causes.isEmpty
            ? [Self.suspectSite(of: leak, cause: nil)]
            : leak.causes.map {
                Self.suspectSite(of: leak, cause: $0)
            }
        return marks.indices.filter { index in
            sites.contains { $0.map { Self.site($0, isIn: covered[index]) } ?? false }
        }.map { marks[$0] }
    }

    /// Where the suspect edge of `cause` (of the leak, when it has none) was made: its own site, or, for a
    /// capture that carries none (a method reference's partial application), the site of the reference to the
    /// capturing closure (`closure given to flatMap at …`).
    private static func suspectSite(of leak: Leak, cause: LeakCause?) -> String? {
        guard let reference = cause?.reference ?? leak.cycle?.edges.last(where: { $0.reference == .capture }) else {
            return nil
        }
        if let site = reference.site { return site }
        let edges = (cause?.cycle ?? leak.cycle)?.edges ?? []
        return edges.first { $0.to == reference.from && $0.site != nil }?.site
    }

    /// The rules of ``marks(of:)``, sorted.
    func rules(of leak: Leak) -> [String] {
        Array(Set(marks(of: leak).map(\.rule))).sorted()
    }

    /// Every call site on the leak's cycles.
    private static func sites(of leak: Leak) -> [String] {
        ([leak.cycle] + leak.causes.map(\.cycle)).compactMap { $0 }.flatMap(\.edges).compactMap(\.site)
    }

    /// Whether `File.swift:12` is on one of the lines of a finding's chain in a file of that name.
    private static func site(_ site: String, isIn chain: (file: String, lines: ClosedRange<Int>)) -> Bool {
        let parts = site.split(separator: ":")
        guard parts.count == 2, let line = Int(parts[1]) else { return false }
        return String(parts[0]) == chain.file && chain.lines.contains(line)
    }
}
