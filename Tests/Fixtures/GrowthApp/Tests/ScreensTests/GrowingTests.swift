import Foundation
import Screens
import XCTest

/// Each action leaves one more thing in a long-lived holder, and nothing takes it back: the oracles count it.
final class GrowingTests: XCTestCase {
    func testOpeningTheProfileLogsAnEvent() {
        let before = EventLog.shared.entries.count
        ProfileScreen().open()
        XCTAssertEqual(EventLog.shared.entries.count, before + 1, "each open keeps one more entry")
    }

    func testWatchingTheThemeAddsAnObserver() {
        do {
            ThemeWatcher().watch()
        }
        let before = ThemeWatcher.refreshes
        NotificationCenter.default.post(name: .themeChanged, object: nil)
        XCTAssertGreaterThanOrEqual(
            ThemeWatcher.refreshes - before, 1, "the block outlives its watcher: the center keeps every one added")
    }

    func testLoadingCachesTheResponseUnderItsRequestId() {
        let before = ResponseCache.shared.responses.count
        ResponseCache.shared.load()
        XCTAssertEqual(ResponseCache.shared.responses.count, before + 1, "each load is a new key")
    }

    func testSchedulingKeepsTheWorkItem() {
        let before = WorkQueue.shared.items.count
        var ran = false
        WorkQueue.shared.schedule { ran = true }
        XCTAssertTrue(ran)
        XCTAssertEqual(WorkQueue.shared.items.count, before + 1, "the queue keeps every item it ran")
    }

    func testOpeningTheAccountWatchesTheSession() {
        let before = Counters.shared.account
        AccountScreen().open()
        XCTAssertEqual(Counters.shared.account, before + 1, "the service's bag keeps every screen's subscription")
    }

    func testRefreshingTheFeedKeepsTheEvent() {
        let before = FeedService.shared.replayed()
        FeedService.shared.refresh()
        XCTAssertEqual(FeedService.shared.replayed(), before + 1, "the subject replays every event it was sent")
    }
}
