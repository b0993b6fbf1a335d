/// The observers of a subject, with keys to remove them. Kept under the
/// subject's lock; delivery iterates a copy, outside the lock.
struct SubjectObservers<Element> {
    typealias Entries = KeyedSlots<SubjectObserverBase<Element>>.Entries

    private var slots = KeyedSlots<SubjectObserverBase<Element>>()
    private var nextKey = 0

    /// In subscription order; a removed observer leaves a `nil` for a while.
    var entries: Entries {
        @inline(__always) get { slots.entries }
    }

    var count: Int { slots.count }

    mutating func insert<Observer: ObserverType>(_ observer: Observer) -> Int where Observer.Element == Element {
        insert(SubjectObserver(observer))
    }

    /// Adds an observer already boxed, as one a replay is also sent to.
    mutating func insert(_ observer: SubjectObserverBase<Element>) -> Int {
        defer { nextKey += 1 }
        slots.insert(observer, key: nextKey)
        return nextKey
    }

    mutating func remove(_ key: Int) {
        slots.remove(key)
    }

    mutating func removeAll() -> Entries {
        slots.removeAll()
    }

    static func deliver(_ event: Event<Element>, to entries: Entries) {
        for entry in entries { entry.value?.on(event) }
    }

    static func deliver(next element: Element, to entries: Entries) {
        for entry in entries { entry.value?.onNext(element) }
    }
}

/// One observer of a subject. Boxed, rather than kept as the closure
/// `observer.on`, so delivery can hand it an element without building an event.
class SubjectObserverBase<Element> {
    func on(_ event: Event<Element>) {
        fatalError("SubjectObserverBase.on must be overridden")
    }

    func onNext(_ element: Element) {
        fatalError("SubjectObserverBase.onNext must be overridden")
    }
}

final class SubjectObserver<Observer: ObserverType>: SubjectObserverBase<Observer.Element> {
    private let observer: Observer

    init(_ observer: Observer) { self.observer = observer }

    override func on(_ event: Event<Observer.Element>) { observer.on(event) }

    override func onNext(_ element: Observer.Element) { observer.onNext(element) }
}

/// What every subject keeps under its lock: its observers, its terminal
/// event and whether it was disposed.
///
/// The terminal event is kept as its error, never as a generic `Event`: the
/// state's layout then does not depend on `Element`, so delivering an element
/// reads it without looking up generic type metadata.
struct SubjectState<Element> {
    var observers = SubjectObservers<Element>()
    var isDisposed = false
    private var isStopped = false
    private var stopError: Swift.Error?

    /// The terminal event the subject received, if any.
    var stopEvent: Event<Element>? {
        guard isStopped else { return nil }
        return stopError.map { .error($0) } ?? .completed
    }

    /// Whether the subject still takes events.
    @inline(__always)
    var isActive: Bool { !isStopped && !isDisposed }

    /// The observers to send an element to.
    @inline(__always)
    var nextReceivers: SubjectObservers<Element>.Entries {
        isActive ? observers.entries : []
    }

    /// Takes `event` and returns the observers to send it to; a terminal
    /// event releases them, as the subject will not send them anything else.
    mutating func receive(_ event: Event<Element>) -> SubjectObservers<Element>.Entries {
        guard isActive else { return [] }
        switch event {
        case .next: return observers.entries
        case .error(let error): stopError = error
        case .completed: break
        }
        isStopped = true
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
        isStopped = false
        stopError = nil
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
