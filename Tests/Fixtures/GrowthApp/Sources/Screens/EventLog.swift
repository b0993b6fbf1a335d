/// Analytics: every screen opened appends an entry to the app-wide log, which nothing ever empties.
public final class EventLog {
    public static let shared = EventLog()
    public private(set) var entries: [Entry] = []

    public func record(_ name: String) {
        entries.append(Entry(name: name))
    }
}

public final class Entry {
    public let name: String

    init(name: String) {
        self.name = name
    }
}

public final class ProfileScreen {
    public init() {}

    public func open() {
        EventLog.shared.record("profile opened")
    }
}
