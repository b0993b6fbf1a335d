import Foundation
import Leaks

/// One test's verdict as the whole-suite mode wrote it (LeakTesting's
/// `SuiteRecord`, one line of JSON in the results file).
struct SuiteVerdict: Codable {
    /// `xctest` or `swift-testing`.
    var framework: String
    /// XCTest's `Suite.testName`, Swift Testing's `Module.Suite/function()`.
    var name: String
    /// The test ran a leak check of its own, which judged (and failed the test).
    var ownCheck: Bool
    /// Whether the test passed, when the framework told the mode (XCTest).
    var passed: Bool?
    var report: Report
    /// The report as text.
    var text: String

    /// The fields of the engine's report that `rxleaks test` shows.
    struct Report: Codable {
        var isClean: Bool
        var leaks: [Leak]
        var liveSubscriptions: [Subscription]
        var resourceDelta: Int
        var counts: ResourceCounts
        var unsettled: [String]
        var thrownError: String?
    }

    /// A live subscription as the report's JSON has it.
    struct Subscription: Codable {
        var id: UInt64
        var chain: String
        var file: String?
        var line: Int?
        var owner: String?
    }

    /// What the row says.
    enum Verdict: String, Codable {
        case clean, leaked, leftWork, failed
    }

    var verdict: Verdict {
        if !report.leaks.isEmpty { return .leaked }
        if !report.isClean { return .leftWork }
        return passed == false ? .failed : .clean
    }

    /// The kinds whose live count changed, `subscriptions 3→4`, from before the
    /// test to after settling (process-wide counts: parallel tests share them).
    var resourceChanges: [String] {
        let before = report.counts.before, after = report.counts.afterSettling
        return after.kinds.compactMap { kind in
            let earlier = before[kind: kind.name]
            return earlier == kind.count ? nil : "\(kind.name) \(earlier)→\(kind.count)"
        }
    }

    /// Reads a results file; a line that is not a verdict (a process killed
    /// while writing) is skipped.
    static func read(_ url: URL) -> [SuiteVerdict] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        let decoder = JSONDecoder()
        return text.split(separator: "\n").compactMap { try? decoder.decode(SuiteVerdict.self, from: Data($0.utf8)) }
    }
}
