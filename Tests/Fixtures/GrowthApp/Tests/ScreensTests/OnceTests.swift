import Foundation
import Screens
import XCTest

/// The twins: what they make is made once, or replaced, or removed; the oracles show nothing accumulates.
final class OnceTests: XCTestCase {
    func testTheSettingsAreMadeOnce() {
        let settings = Settings.shared
        XCTAssertTrue(settings === Settings.shared, "one instance, made on first use")
        XCTAssertEqual(settings.theme.name, "light")
    }

    func testLoadingTheProfileReplacesItsCachedResponse() {
        weak var replaced: Response?
        replaced = ProfileCache.shared.loadProfile()
        ProfileCache.shared.loadProfile()
        XCTAssertNil(replaced, "the new response replaces the old one")
        XCTAssertEqual(ProfileCache.shared.responses.count, 1)
    }

    func testAReleasedWatcherRemovesItsObserver() {
        do {
            RemovingThemeWatcher().watch()
        }
        let before = RemovingThemeWatcher.refreshes
        NotificationCenter.default.post(name: .themeChanged, object: nil)
        XCTAssertEqual(RemovingThemeWatcher.refreshes, before, "no block of a released watcher is left")
    }

    func testASettingsScreenDisposesIntoItsOwnBag() {
        let before = Counters.shared.settings
        do {
            SettingsScreen().open()
        }
        XCTAssertEqual(Counters.shared.settings, before, "the screen's bag ends its subscription with it")
    }

    func testRefreshingTheLatestFeedReplacesTheEvent() {
        LatestFeedService.shared.refresh()
        LatestFeedService.shared.refresh()
        XCTAssertEqual(LatestFeedService.shared.replayed(), 1, "the subject replays the latest event only")
    }

    func testThePreferencesRelayIsMadeOnce() {
        let preferences = Preferences.shared
        XCTAssertTrue(preferences === Preferences.shared, "one instance, made on first use, with its relay")
        XCTAssertEqual(preferences.theme.value, "light")
    }
}
