@testable import rxleaks
import XCTest

/// `Progress` in a CI log (a line per phase, counts spaced in time) and on a terminal (one line, a spinner).
final class ProgressTests: XCTestCase {
    /// A progress writing into `written`, whose clock reads `now`.
    private final class Recorder {
        var written: [String] = []
        var now = ContinuousClock.now

        func progress(isTerminal: Bool) -> rxleaks.Progress {
            Progress(isTerminal: isTerminal, write: { self.written.append($0) }, clock: { self.now })
        }
    }

    /// Counts come 10 s after the phase's last line at the earliest, the last one at once.
    func testALogGetsALinePerPhaseAndACountAtMostEveryTenSeconds() {
        let recorder = Recorder()
        let progress = recorder.progress(isTerminal: false)
        progress.phase("building LeakyApp's tests")
        progress.tick()
        progress.phase("running the tests")
        progress.count("0 of 10 tests judged")
        recorder.now += .seconds(4)
        progress.count("3 of 10 tests judged")
        recorder.now += .seconds(7)
        progress.count("3 of 10 tests judged")
        progress.count("5 of 10 tests judged")
        progress.count("10 of 10 tests judged", final: true)
        progress.count("10 of 10 tests judged", final: true)
        progress.finish()
        XCTAssertEqual(
            recorder.written,
            [
                "rxleaks: building LeakyApp's tests\n", "rxleaks: running the tests\n",
                "rxleaks: running the tests: 3 of 10 tests judged\n",
                "rxleaks: running the tests: 10 of 10 tests judged\n",
            ])
    }

    func testATerminalGetsOneLineRewrittenWithASpinnerWhileAChildWorksAndClearedAtTheEnd() {
        let recorder = Recorder()
        let progress = recorder.progress(isTerminal: true)
        progress.phase("building LeakyApp's tests")
        progress.tick()
        progress.phase("running the tests")
        progress.count("3 of 10 tests judged")
        progress.show(0, of: 2, "closure-strong-self/leaking")
        progress.tick()
        progress.finish()
        XCTAssertEqual(
            recorder.written,
            [
                "\r\u{1B}[K| building LeakyApp's tests…", "\r\u{1B}[K/ building LeakyApp's tests…",
                "\r\u{1B}[K/ running the tests…", "\r\u{1B}[K/ running the tests: 3 of 10 tests judged",
                "\r\u{1B}[K[1/2] closure-strong-self/leaking (1 left)", "\r\u{1B}[K",
            ])
    }

    /// The total counts the tests `swift test list` names, not SwiftPM's lines around them.
    func testTheTotalCountsOnlyTheListedTests() {
        let listing = """
            [0/1] Planning build
            warning: 'app': found 1 file(s) which are unhandled; explicitly declare them
                /work/App/Tests/AppTests/Info.plist
            AppTests.CartTests/testAdds
            AppTests.CartTests/testRemoves
            AppTests.Checkout/paysOnce()
            """
        XCTAssertEqual(SuiteRun.testCount(listing: listing, filters: []), 3)
        XCTAssertEqual(SuiteRun.testCount(listing: listing, filters: ["CartTests"]), 2)
    }
}
