import Foundation

/// A save scheduled with a work item made in a local, then stored: its block captures its owner.
public final class QueuedSaver {
    public private(set) var saves = 0
    private var pending: DispatchWorkItem?

    public init() {}

    public func scheduleSave() {
        let item = DispatchWorkItem { self.saves += 1 }
        pending = item
    }
}

/// Counts size changes posted to the center it is given; its block captures it, and the app-wide default
/// center keeps the block.
public final class SizeObserver {
    public private(set) var changes = 0
    private var token: NSObjectProtocol?

    public init(center: NotificationCenter = .default) {
        token = center.addObserver(forName: .sizeChanged, object: nil, queue: nil) { _ in self.changes += 1 }
    }
}

extension Notification.Name {
    /// Posted when the window's size changes.
    public static let sizeChanged = Notification.Name("SizeChanged")
}
