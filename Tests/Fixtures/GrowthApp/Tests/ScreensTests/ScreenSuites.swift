import Screens
import Testing

/// The same in Swift Testing: growing actions and their twins, each run once (no growth verdict): the twins, the
/// relay a lazy singleton makes on first use among them, are not flagged.
@Suite struct GrowingSuite {
    @Test func openingTheProfileLogsAnEvent() {
        let before = EventLog.shared.entries.count
        ProfileScreen().open()
        #expect(EventLog.shared.entries.count == before + 1, "each open keeps one more entry")
    }

    @Test func openingTheAccountWatchesTheSession() {
        let before = Counters.shared.account
        AccountScreen().open()
        #expect(Counters.shared.account == before + 1, "the service's bag keeps every screen's subscription")
    }

    @Test func refreshingTheFeedKeepsTheEvent() {
        let before = FeedService.shared.replayed()
        FeedService.shared.refresh()
        #expect(FeedService.shared.replayed() == before + 1, "the subject replays every event it was sent")
    }
}

@Suite struct OnceSuite {
    @Test func theSettingsAreMadeOnce() {
        let settings = Settings.shared
        #expect(settings === Settings.shared, "one instance, made on first use")
    }

    @Test func aSettingsScreenDisposesIntoItsOwnBag() {
        let before = Counters.shared.settings
        do {
            SettingsScreen().open()
        }
        #expect(Counters.shared.settings == before, "the screen's bag ends its subscription with it")
    }

    @Test func refreshingTheLatestFeedReplacesTheEvent() {
        LatestFeedService.shared.refresh()
        LatestFeedService.shared.refresh()
        #expect(LatestFeedService.shared.replayed() == 1, "the subject replays the latest event only")
    }

    @Test func theAppearanceRelayIsMadeOnce() {
        let appearance = Appearance.shared
        #expect(appearance === Appearance.shared, "one instance, made on first use, with its relay")
        #expect(appearance.accent.value == "blue")
    }
}
