/// The observers of a subject, with keys to remove them. Kept under the
/// subject's lock; delivery iterates a copy, outside the lock.
struct SubjectObservers<Element> {
    typealias Handler = (Event<Element>) -> Void
    /// In subscription order; a removed observer leaves a `nil` until the
    /// next compaction, so removal never shifts the array (a bag disposing
    /// thousands of subscriptions in order would otherwise be quadratic).
    typealias Entries = ContiguousArray<(key: Int, handler: Handler?)>

    private(set) var entries: Entries = []
    private var nextKey = 0
    private var removed = 0

    var count: Int { entries.count - removed }

    mutating func insert(_ handler: @escaping Handler) -> Int {
        defer { nextKey += 1 }
        entries.append((nextKey, handler))
        return nextKey
    }

    /// Keys grow with each insertion, so the entries stay sorted by key.
    mutating func remove(_ key: Int) {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < key { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count, entries[low].key == key, entries[low].handler != nil else { return }
        entries[low].handler = nil
        removed += 1
        if removed > 16, removed * 2 > entries.count {
            entries.removeAll { $0.handler == nil }
            removed = 0
        }
    }

    mutating func removeAll() -> Entries {
        defer {
            entries = []
            removed = 0
        }
        return entries
    }

    static func deliver(_ event: Event<Element>, to entries: Entries) {
        for entry in entries { entry.handler?(event) }
    }
}

/// What every subject keeps under its lock: its observers, its terminal
/// event and whether it was disposed.
struct SubjectState<Element> {
    var observers = SubjectObservers<Element>()
    var stopEvent: Event<Element>?
    var isDisposed = false

    /// Whether the subject still takes events.
    var isActive: Bool { stopEvent == nil && !isDisposed }

    /// Takes `event` and returns the observers to send it to; a terminal
    /// event releases them, as the subject will not send them anything else.
    mutating func receive(_ event: Event<Element>) -> SubjectObservers<Element>.Entries {
        guard isActive else { return [] }
        guard event.isStopEvent else { return observers.entries }
        stopEvent = event
        return observers.removeAll()
    }

    /// What a new subscriber receives instead of being added: the terminal
    /// event, or a `disposed` error once `subject` is disposed.
    func refusal(from subject: AnyObject) -> Event<Element>? {
        isDisposed ? .error(RxError.disposed(object: subject)) : stopEvent
    }

    /// Releases the observers and the terminal event for good.
    mutating func dispose() {
        isDisposed = true
        _ = observers.removeAll()
        stopEvent = nil
    }
}

/// Removes an observer from its subject when disposed.
final class SubjectSubscription: Disposable, @unchecked Sendable {
    private var unsubscribe: (() -> Void)?
    private let flag = DisposedFlag()

    init(_ unsubscribe: @escaping () -> Void) { self.unsubscribe = unsubscribe }

    func dispose() {
        guard flag.set() else { return }
        unsubscribe?()
        unsubscribe = nil
    }
}
