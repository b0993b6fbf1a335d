import Leaks
import RxCore
import XCTest

// A library object a global or static makes on first use is made once: the check that first touches it leaves it
// alive by design, not as work left. Each global here is touched by one test only, so that its check makes it.

/// The scores every board follows: a subject a `static let` keeps directly.
private enum FirstUseScores {
    static let feed = PublishSubject<Int>()
}

/// The app's theme: a relay (which keeps a subject of its own) a `static let` keeps directly.
private enum FirstUseTheme {
    static let current = BehaviorRelay(value: "light")
}

/// A namespace whose subject the check's code makes and keeps beside it, no global holding it.
private enum FirstUseFeeds {
    static let feed = PublishSubject<Int>()
}

final class FirstUseTests: XCTestCase {
    func testASubjectAStaticMakesOnFirstUseIsNotWorkLeft() {
        let report = LeakCheck.run { _ in FirstUseScores.feed.onNext(1) }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.counts.afterSettling.total - report.counts.before.total, 1, "the subject is alive")
    }

    func testARelayAStaticMakesOnFirstUseIsNotWorkLeft() {
        let report = LeakCheck.run { _ in FirstUseTheme.current.accept("dark") }
        XCTAssertTrue(report.isClean, report.description)
    }

    /// What no global keeps is still work left, beside what one keeps.
    func testAResourceNoGlobalKeepsIsStillWorkLeft() {
        var kept: Unmanaged<PublishSubject<Int>>?
        let report = LeakCheck.run { _ in
            FirstUseFeeds.feed.onNext(1)
            kept = Unmanaged.passRetained(PublishSubject<Int>())
        }
        kept?.release()
        XCTAssertEqual(report.leftResources, [ResourceCounts.KindCount(name: "subjects", count: 1)], report.description)
    }
}
