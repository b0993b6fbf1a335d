/// Runs a block of code, settles the work it left pending, and reports what
/// it leaked.
///
/// ```swift
/// let report = LeakCheck.run("presenter configure") { scope in
///     let presenter = Presenter()
///     scope.track(presenter)
///     presenter.configure()
/// }
/// XCTAssertTrue(report.isClean, report.description)
/// ```
public enum LeakCheck {
    /// Runs `body`, then settles and judges.
    ///
    /// - Parameters:
    ///   - name: the check's name in the report.
    ///   - settle: how pending work is finished before judging.
    ///   - body: the code under test; objects it tracks, and objects captured
    ///     strongly by closures it hands to a library with a
    ///     ``LeakIntegration`` (such as RxCore), are judged.
    public static func run(
        _ name: String = #function,
        settle: SettlePolicy = .drain,
        _ body: (LeakScope) throws -> Void
    ) -> LeakReport {
        let check = RunningCheck(name: name)
        let thrown = check.execute { scope in try body(scope) }
        return check.finish(settle: settle, thrown: thrown)
    }

    /// Runs asynchronous `body`, then settles and judges.
    public static func run(
        _ name: String = #function,
        settle: SettlePolicy = .drain,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (LeakScope) async throws -> Void
    ) async -> LeakReport {
        let check = RunningCheck(name: name)
        let thrown = await check.execute(isolation: isolation) { scope in try await body(scope) }
        return check.finish(settle: settle, thrown: thrown)
    }
}
