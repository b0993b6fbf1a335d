import Testing

/// What the checking traits share: a suite runs as it is; a test runs inside `check`, which calls the
/// body it is given once per run, and the test's own error is rethrown for Swift Testing to report,
/// not folded into the check's report.
func provideCheckedScope(
    for test: Test,
    performing function: @Sendable () async throws -> Void,
    check: (_ body: () async -> Void) async -> Void
) async throws {
    guard !test.isSuite else {
        try await function()
        return
    }
    SwiftTestingSuiteChecks.noteOwnCheck(test)
    var thrown: Error?
    // `check` and `function` are both non-escaping; the exclusivity rule forbids handing one a closure
    // that calls the other unless the inner one is seen as escaping for the call.
    await withoutActuallyEscaping(function) { function in
        await check {
            do { try await function() } catch { thrown = error }
        }
    }
    if let thrown { throw thrown }
}
