import Foundation

extension Notification.Name {
    public static let themeChanged = Notification.Name("ThemeChanged")
}

/// Adds a block observer on every `watch()` and never removes it: the center keeps each block for ever.
public final class ThemeWatcher {
    /// How many times a block of any watcher ran.
    public static var refreshes = 0

    public init() {}

    public func watch() {
        _ = NotificationCenter.default.addObserver(forName: .themeChanged, object: nil, queue: nil) { [weak self] _ in
            ThemeWatcher.refreshes += 1
            self?.refresh()
        }
    }

    private func refresh() {}
}

/// The twin: keeps the token `addObserver` returns and removes it when it goes away.
public final class RemovingThemeWatcher {
    public static var refreshes = 0
    private var token: NSObjectProtocol?

    public init() {}

    public func watch() {
        token = NotificationCenter.default.addObserver(forName: .themeChanged, object: nil, queue: nil) { _ in
            RemovingThemeWatcher.refreshes += 1
        }
    }

    deinit {
        if let token { NotificationCenter.default.removeObserver(token) }
    }
}
