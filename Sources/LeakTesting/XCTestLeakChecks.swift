import Leaks
import XCTest

extension XCTestCase {
    /// Runs `body` as a leak check and fails the test, at the caller's line,
    /// with the report when anything leaked.
    ///
    /// ```swift
    /// func testPresenterDoesNotLeak() {
    ///     assertNoLeaks { scope in
    ///         let presenter = Presenter()
    ///         scope.track(presenter)
    ///         presenter.configure()
    ///     }
    /// }
    /// ```
    @discardableResult
    public func assertNoLeaks(
        _ name: String? = nil,
        settle: SettlePolicy = .drain,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: (LeakScope) throws -> Void
    ) -> LeakReport {
        XCTestSuiteChecks.noteOwnCheck(self)
        let report = LeakCheck.run(name ?? self.name, settle: settle, body)
        if !report.isClean {
            XCTFail(report.description, file: file, line: line)
        }
        return report
    }

    /// Watches `object` and fails the test, with the same report as
    /// ``assertNoLeaks(_:settle:file:line:_:)``, if it is still alive once the
    /// test has finished and pending work has settled.
    ///
    /// The first call in a test opens a leak check that lasts until the test
    /// is over: objects that closures handed to RxCore capture from then on
    /// are tracked too, and subscriptions made then and still alive are
    /// reported with their sites. The check runs as a teardown block registered by the first call in a
    /// test, so it runs after every teardown block registered later (they run
    /// last-in first-out) and sees what they release. XCTest runs `tearDown()`
    /// after it, so the check judges as if the test case had released every
    /// object it holds (`sut = nil` there): what only the test case holds is not
    /// a leak, while a cycle or an object a static also holds still is.
    /// ``LeakTrackingTestCase`` checks after `tearDown()` itself.
    public func trackForLeaks(_ object: AnyObject, file: StaticString = #filePath, line: UInt = #line) {
        TrackedForLeaks.list(for: self).add(object, file: file, line: line)
    }

    /// Asks the whole-suite mode (`rxleaks test`) not to judge this test's
    /// leaks: they are listed as left out, with `reason`, and do not fail the
    /// run. The test's own checks (`assertNoLeaks`, `trackForLeaks`) still judge.
    ///
    /// ```swift
    /// func testLegacyCheckout() {
    ///     ignoreLeaks(because: "the legacy checkout keeps its screen until it is rewritten")
    ///     …
    /// }
    /// ```
    public func ignoreLeaks(because reason: String) {
        XCTestSuiteChecks.ignore(self, because: reason)
    }
}

/// An `XCTestCase` whose `trackForLeaks(_:file:line:)` checks run
/// after `tearDown()`, so objects released there are not reported.
open class LeakTrackingTestCase: XCTestCase {
    open override func invokeTest() {
        TrackedForLeaks.checkAfterTearDown(self)
        super.invokeTest()
        TrackedForLeaks.runCheckAfterTearDown(self)
    }
}
