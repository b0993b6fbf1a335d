import Leaks
import ReportFormats

/// One test's verdict in the whole-suite mode: LeakTesting writes it, one
/// line of JSON in the results file, and `rxleaks test` reads it back.
package struct SuiteVerdict: Codable, Sendable {
    /// The test framework that ran the test.
    package var framework: SuiteFramework
    /// XCTest's `Suite.testName`, Swift Testing's `Module.Suite/function()`.
    package var name: String
    /// The test ran a leak check of its own (`assertNoLeaks`, `trackForLeaks`,
    /// `.leakChecked`), which judged it and failed it when it leaked: what
    /// that check saw is the test's own failure, not a verdict of the mode.
    package var ownCheck: Bool
    /// Whether the test passed: XCTest tells the mode; for Swift Testing,
    /// `rxleaks test` fills it in from the framework's event stream.
    package var passed: Bool?
    package var report: Report
    /// The report as text, as `rxleaks explain` prints a leak.
    package var text: String
    /// The signal that ended the test's process while this test ran; set by
    /// `rxleaks test`, never by the mode.
    package var crashSignal: Int32?
    /// The per-test time limit (seconds) the test ran past, after which its process was ended;
    /// set by `rxleaks test`, never by the mode.
    package var timeLimitSeconds: Double?
    /// Why the test asked that its leaks not be judged (`ignoreLeaks(because:)`,
    /// `.leaksIgnored(because:)`); nil when it did not.
    package var ignoredBecause: String?
    /// With `rxleaks test --repeat N`: what long-lived holders kept more of after each of the test's N runs
    /// (the report is of the last run); nil for a test that ran once.
    package var growth: GrowthReport?

    package init(
        framework: SuiteFramework, name: String, ownCheck: Bool, passed: Bool?, report: Report, text: String,
        crashSignal: Int32? = nil, timeLimitSeconds: Double? = nil, ignoredBecause: String? = nil,
        growth: GrowthReport? = nil
    ) {
        self.framework = framework
        self.name = name
        self.ownCheck = ownCheck
        self.passed = passed
        self.report = report
        self.text = text
        self.crashSignal = crashSignal
        self.timeLimitSeconds = timeLimitSeconds
        self.ignoredBecause = ignoredBecause
        self.growth = growth
    }

    /// What a row of `rxleaks test` says: `clean`, `leaked`, `grew`, `leftWork`, `failed`, `crashed` or `timedOut`.
    package var verdict: Verdict {
        if crashSignal != nil { return .crashed }
        if timeLimitSeconds != nil { return .timedOut }
        if !report.leaks.isEmpty { return .leaked }
        if growth?.isClean == false { return .grew }
        if !report.isClean { return .leftWork }
        return passed == false ? .failed : .clean
    }

    /// The fields of a check's ``LeakReport`` that a suite's verdict carries.
    package struct Report: Codable, Sendable {
        package var isClean: Bool
        package var leaks: [Leak]
        package var liveSubscriptions: [LiveSubscription]
        /// Library resources the test made and left alive, by kind (``LeakReport/leftResources``).
        package var leftResources: [ResourceCounts.KindCount]
        package var resourceDelta: Int { leftResources.reduce(0) { $0 + $1.count } }
        /// Nil for a Swift Testing test that made nothing with the library: no check was opened.
        package var counts: ResourceCounts?
        package var unsettled: [String]
        package var thrownError: String?
        /// Made in the test, kept from outside by design (``LeakReport/keptAlive``).
        package var keptAlive: [String]
        /// Continuations the runtime found misused during the test (``LeakReport/continuationMisuses``).
        package var continuationMisuses: [ContinuationMisuse]

        package init(_ report: LeakReport) {
            self.init(
                isClean: report.isClean, leaks: report.leaks, liveSubscriptions: report.liveSubscriptions,
                leftResources: report.leftResources, counts: report.counts, unsettled: report.unsettled,
                thrownError: report.thrownError, keptAlive: report.keptAlive,
                continuationMisuses: report.continuationMisuses)
        }

        /// The report of a test with nothing to judge: one that made nothing, or one that crashed.
        package static let empty = Report(
            isClean: true, leaks: [], liveSubscriptions: [], leftResources: [], counts: nil,
            unsettled: [], thrownError: nil, keptAlive: [])

        package init(
            isClean: Bool, leaks: [Leak], liveSubscriptions: [LiveSubscription] = [],
            leftResources: [ResourceCounts.KindCount] = [],
            counts: ResourceCounts? = nil, unsettled: [String] = [], thrownError: String? = nil,
            keptAlive: [String] = [], continuationMisuses: [ContinuationMisuse] = []
        ) {
            self.isClean = isClean
            self.leaks = leaks
            self.liveSubscriptions = liveSubscriptions
            self.leftResources = leftResources
            self.counts = counts
            self.unsettled = unsettled
            self.thrownError = thrownError
            self.keptAlive = keptAlive
            self.continuationMisuses = continuationMisuses
        }
    }
}

/// The test framework of a verdict.
package enum SuiteFramework: String, Codable, Sendable {
    case xctest
    case swiftTesting = "swift-testing"
}
