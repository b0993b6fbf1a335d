import Screens
import Testing

/// The same in Swift Testing: a growing action and a twin made once.
@Suite struct GrowingSuite {
    @Test func openingTheProfileLogsAnEvent() {
        let before = EventLog.shared.entries.count
        ProfileScreen().open()
        #expect(EventLog.shared.entries.count == before + 1, "each open keeps one more entry")
    }
}

@Suite struct OnceSuite {
    @Test func theSettingsAreMadeOnce() {
        let settings = Settings.shared
        #expect(settings === Settings.shared, "one instance, made on first use")
    }
}
