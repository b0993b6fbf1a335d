/// The observers of a subject, with keys to remove them. Kept under the
/// subject's lock; delivery iterates a copy, outside the lock.
struct SubjectObservers<Element> {
    typealias Handler = (Event<Element>) -> Void

    private(set) var entries: ContiguousArray<(key: Int, handler: Handler)> = []
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

    mutating func removeAll() -> ContiguousArray<(key: Int, handler: Handler)> {
        defer { entries = [] }
        return entries
    }

    static func deliver(_ event: Event<Element>, to entries: ContiguousArray<(key: Int, handler: Handler)>) {
        for entry in entries { entry.handler(event) }
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
