/// The observers of a subject, with keys to remove them. Kept under the
/// subject's lock; delivery iterates a copy, outside the lock.
struct SubjectObservers<Element> {
    typealias Handler = (Event<Element>) -> Void
    typealias Entries = ContiguousArray<(key: Int, handler: Handler)>

    private(set) var entries: Entries = []
    private var nextKey = 0

    var count: Int { entries.count }

    mutating func insert(_ handler: @escaping Handler) -> Int {
        defer { nextKey += 1 }
        entries.append((nextKey, handler))
        return nextKey
    }

    mutating func remove(_ key: Int) {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries.remove(at: index)
        }
    }

    mutating func removeAll() -> Entries {
        defer { entries = [] }
        return entries
    }

    static func deliver(_ event: Event<Element>, to entries: Entries) {
        for entry in entries { entry.handler(event) }
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
