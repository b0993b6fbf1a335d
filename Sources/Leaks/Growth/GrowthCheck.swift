/// Runs a block several times and reports what long-lived holders keep more of after every run:
/// memory that grows, which a single run cannot tell from memory made once.
///
/// ```swift
/// let report = GrowthCheck.run { _ in
///     ProfileScreen().open()
/// }
/// XCTAssertTrue(report.isClean, report.description)
/// ```
///
/// Each run is a leak check of its own (its work settled, what it leaked judged, see ``LeakCheck``).
/// After each, settled, a census counts what the globals and statics of the code under test and
/// `NotificationCenter.default`'s observer blocks keep, by the path from the root to each object
/// (elements' indices and keys generalised; a collection counts its elements). A place grows
/// when its count rises with every run after the first; the first run may make things once (a lazy
/// singleton, a `static let`, a cache filled once) and that is not growth. The library's live resources
/// (RxCore's) are counted after each run too.
public enum GrowthCheck {
    /// Three runs: the first may make what is made once; the second and the third must each add
    /// for a place to grow, so a single later allocation (a buffer that doubles once, an object made
    /// on the second use) is not taken for growth, and the block runs only twice more than a plain test.
    public static let defaultRepetitions = 3

    /// Runs `body` `repetitions` times (at least two), settling and judging each run, then reports growth.
    ///
    /// - Parameters:
    ///   - name: the check's name in the report.
    ///   - repetitions: how many times `body` runs; fewer than two is taken as two.
    ///   - settle: how pending work is finished after each run.
    ///   - body: the code under test, given each run's scope.
    public static func run(
        _ name: String = #function,
        repetitions: Int = defaultRepetitions,
        settle: SettlePolicy = .drain,
        _ body: (LeakScope) throws -> Void
    ) -> GrowthReport {
        var census = GrowthCensus(name: name)
        for _ in 0..<max(2, repetitions) {
            let check = RunningCheck(name: name)
            let thrown = check.execute { scope in try body(scope) }
            census.record(check, settle: settle, thrown: thrown)
        }
        return census.report()
    }

    /// Runs asynchronous `body` `repetitions` times (at least two), settling and judging each run, then
    /// reports growth.
    public static func run(
        _ name: String = #function,
        repetitions: Int = defaultRepetitions,
        settle: SettlePolicy = .drain,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (LeakScope) async throws -> Void
    ) async -> GrowthReport {
        var census = GrowthCensus(name: name)
        for _ in 0..<max(2, repetitions) {
            let check = RunningCheck(name: name)
            let thrown = await check.execute(isolation: isolation) { scope in try await body(scope) }
            census.record(check, settle: settle, thrown: thrown)
        }
        return census.report()
    }
}
