import Leaks
import Synchronization
import Testing

/// A Swift Testing trait that runs each test as a leak check and records an
/// issue with the report when the test leaks.
///
/// ```swift
/// @Test(.leakChecked) func presenterReleases() {
///     let presenter = Presenter()
///     trackForLeaks(presenter)
///     presenter.configure()
/// }
/// ```
///
/// Tests run in parallel in one process: resources, subscriptions and
/// tracked objects are attributed to the test that made them (through a
/// task-local scope that RxCore's schedulers carry across threads), so one
/// test's leak is never blamed on another.
public struct LeakCheckedTrait: TestTrait, SuiteTrait, TestScoping {
    /// How pending work is settled before judging.
    public let settle: SettlePolicy

    /// Applies to every test of a suite it is attached to.
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await provideCheckedScope(for: test, performing: function) { body in
            let trackingCalls = TrackingCalls()
            let report = await TrackingCalls.$current.withValue(trackingCalls) {
                await LeakCheck.run(test.name, settle: settle) { _ in await body() }
            }
            if !report.isClean {
                // At the user's line, where an editor shows it: the `trackForLeaks`
                // call of the object to fix first, or the test itself.
                let tracked = report.leaks.first.flatMap { trackingCalls.location(of: $0.trackedAt) }
                Issue.record(Comment(rawValue: report.description), sourceLocation: tracked ?? test.sourceLocation)
            }
        }
    }
}

extension Trait where Self == LeakCheckedTrait {
    /// Runs the test as a leak check (`@Test(.leakChecked)`, `@Suite(.leakChecked)`).
    public static var leakChecked: Self { LeakCheckedTrait(settle: .drain) }

    /// Runs the test as a leak check with a settle policy of your choice.
    public static func leakChecked(settle: SettlePolicy) -> Self { LeakCheckedTrait(settle: settle) }
}

/// Tracks `object` in the leak check of the current test (a test with the
/// `.leakChecked` trait, or a `LeakCheck` block); records an issue when no
/// check is running, since nothing would judge it.
public func trackForLeaks(_ object: AnyObject, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let scope = LeakScope.current else {
        Issue.record(
            "trackForLeaks called outside a leak check: add the .leakChecked trait", sourceLocation: sourceLocation)
        return
    }
    scope.track(object, fileID: sourceLocation.fileID, line: UInt(sourceLocation.line))
    TrackingCalls.current?.record(sourceLocation)
}

/// The source locations of the `trackForLeaks` calls of one leak-checked
/// test: a report's tracking site has the file's ID and line, an issue needs
/// the whole location.
final class TrackingCalls: Sendable {
    @TaskLocal static var current: TrackingCalls?
    private let locations = Mutex<[String: SourceLocation]>([:])

    func record(_ location: SourceLocation) {
        locations.withLock { $0[Self.key(location.fileID, UInt(location.line))] = location }
    }

    func location(of site: TrackingSite) -> SourceLocation? {
        site.origin == .explicit ? locations.withLock { $0[Self.key(site.file, site.line)] } : nil
    }

    private static func key(_ fileID: String, _ line: UInt) -> String { "\(fileID):\(line)" }
}
