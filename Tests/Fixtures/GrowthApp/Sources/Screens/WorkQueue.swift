public final class WorkItem {
    public let run: () -> Void

    init(run: @escaping () -> Void) {
        self.run = run
    }
}

/// Keeps every item it ran in `items`: the queue is app-wide, so each schedule keeps one more for ever.
public final class WorkQueue {
    public static let shared = WorkQueue()
    public private(set) var items: [WorkItem] = []

    public func schedule(_ work: @escaping () -> Void) {
        let item = WorkItem(run: work)
        items.append(item)
        item.run()
    }
}
