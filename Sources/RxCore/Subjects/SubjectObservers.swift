import CRxCoreThread

/// The observers of a subject, with keys to remove them. Kept under the
/// subject's lock; delivery iterates a copy, outside the lock.
///
/// The storage does not depend on `Element` (keys in one array, the boxed
/// observers as plain objects in another), so subscribing, removing and
/// delivering run as specialised code, without generic metadata lookups or
/// value witnesses per element. A removed observer leaves a `nil` until the
/// next compaction, so removal never shifts the arrays (a bag disposing
/// thousands of subscriptions in order would otherwise be quadratic).
///
/// Not generic itself (only its insert and deliver functions are): code
/// that inserts and removes from a subject's observers, unspecialised across
/// the module boundary, would otherwise look up `SubjectObservers<Element>`'s
/// metadata on every subscription and every disposal.
struct SubjectObservers {
    /// Each a `SubjectObserverBase<Element>` of the subject's `Element`, or `nil` once removed.
    typealias Entries = ContiguousArray<AnyObject?>

    /// In subscription order; a removed observer leaves a `nil` for a while.
    private(set) var entries: Entries = []
    /// `entries[i]`'s key; keys grow with each insertion, so they stay sorted.
    private var keys: ContiguousArray<Int> = []
    private var removed = 0
    private var nextKey = 0

    var count: Int { entries.count - removed }

    mutating func insert<Observer: ObserverType>(_ observer: Observer) -> Int {
        insert(SubjectObserver(observer))
    }

    /// Adds an observer already boxed, as one a replay is also sent to.
    mutating func insert<Element>(_ observer: SubjectObserverBase<Element>) -> Int {
        defer { nextKey += 1 }
        takeOverEntries()
        keys.append(nextKey)
        entries.append(observer)
        return nextKey
    }

    mutating func remove(_ key: Int) {
        guard let index = index(of: key), entries[index] != nil else { return }
        // As `takeOverEntries()` does, with the write inside: one uniqueness check.
        entries.withUnsafeMutableBufferPointer { entries in
            crxcore_tsan_acquire(entries.baseAddress)
            entries[index] = nil
        }
        removed += 1
        if removed > 16, removed * 2 > entries.count { compact() }
    }

    /// Where `key` is, if still kept. Keys kept are consecutive unless
    /// observers were removed out of order and compacted away, so the
    /// distance from the first key finds it at once; else a binary search.
    private func index(of key: Int) -> Int? {
        guard let first = keys.first else { return nil }
        let guess = key &- first
        if guess >= 0, guess < keys.count, keys[guess] == key { return guess }
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? low : nil
    }

    private mutating func compact() {
        // Through the buffers: the arrays' checked `swapAt` and subscripts
        // cost more than the moves themselves.
        let kept = entries.withUnsafeMutableBufferPointer { entries in
            keys.withUnsafeMutableBufferPointer { keys in
                var kept = 0
                for index in 0..<entries.count where entries[index] != nil {
                    if kept != index {
                        entries.swapAt(kept, index)
                        keys[kept] = keys[index]
                    }
                    kept += 1
                }
                return kept
            }
        }
        entries.removeLast(entries.count - kept)
        keys.removeLast(keys.count - kept)
        removed = 0
    }

    mutating func removeAll() -> Entries {
        defer {
            entries = []
            keys = []
            removed = 0
        }
        return entries
    }

    /// Makes `entries` uniquely referenced before it is written in place, and
    /// orders the write, for ThreadSanitizer, after the reads of threads that
    /// delivered from the same buffer and have dropped it since (see
    /// ``endReading(_:)``). Called under the owner's lock, where no thread can
    /// take a new copy of `entries`.
    private mutating func takeOverEntries() {
        entries.withUnsafeMutableBufferPointer { crxcore_tsan_acquire($0.baseAddress) }
    }

    /// A delivering thread is done reading `entries`, its snapshot taken under
    /// the owner's lock; the owner may write the buffer in place once the
    /// snapshot is dropped. The reference count orders that write after these
    /// reads, but ThreadSanitizer does not see it, so this says so explicitly.
    @inline(__always)
    private static func endReading(_ entries: Entries) {
        entries.withUnsafeBufferPointer { crxcore_tsan_release($0.baseAddress) }
    }

    @inline(__always)
    private static func observer<Element>(_ entry: AnyObject) -> SubjectObserverBase<Element> {
        unsafeDowncast(entry, to: SubjectObserverBase<Element>.self)
    }

    static func deliver<Element>(_ event: Event<Element>, to entries: Entries) {
        for case let entry? in entries { (observer(entry) as SubjectObserverBase<Element>).on(event) }
        endReading(entries)
    }

    /// `entries` is the caller's snapshot and keeps every observer alive for
    /// the call, so each is reached through its address, unretained: a
    /// retain and a release per observer would be most of a delivery's cost
    /// with many observers.
    static func deliver<Element>(next element: Element, to entries: Entries) {
        entries.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            base.withMemoryRebound(to: UInt.self, capacity: buffer.count) { addresses in
                for index in 0..<buffer.count {
                    guard let address = UnsafeRawPointer(bitPattern: addresses[index]) else { continue }
                    Unmanaged<SubjectObserverBase<Element>>.fromOpaque(address)._withUnsafeGuaranteedRef {
                        $0.onNext(element)
                    }
                }
            }
        }
        endReading(entries)
    }
}

/// One observer of a subject. Boxed, rather than kept as the closure
/// `observer.on`, so delivery can hand it an element without building an event.
@usableFromInline
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

/// A subject's state, which holds its observers: a subscription removes its
/// observer through the ``DeliveryGuard`` holding the state.
protocol ObserverKeeping {
    var observers: SubjectObservers { get set }
}

/// What every subject keeps under its lock: its observers, its terminal
/// event and whether it was disposed.
///
/// The terminal event is kept as its error, never as a generic `Event`: the
/// state's layout then does not depend on `Element`, so delivering an element
/// reads it without looking up generic type metadata.
struct SubjectState<Element>: ObserverKeeping {
    var observers = SubjectObservers()
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
    var nextReceivers: SubjectObservers.Entries {
        isActive ? observers.entries : []
    }

    /// Takes `event` and returns the observers to send it to; a terminal
    /// event releases them, as the subject will not send them anything else.
    mutating func receive(_ event: Event<Element>) -> SubjectObservers.Entries {
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

    /// Gives up the observers and the terminal event for good, and returns
    /// them for the caller to release outside the subject's lock: an
    /// observer's `deinit` (or a captured object's) may dispose another
    /// subscription to the same subject, which takes the lock.
    mutating func dispose() -> SubjectRelease {
        defer {
            isDisposed = true
            isStopped = false
            stopError = nil
        }
        return SubjectRelease(observers: observers.removeAll(), error: stopError)
    }
}

/// What a disposed subject held, released by dropping it after the lock.
struct SubjectRelease {
    let observers: SubjectObservers.Entries
    let error: Swift.Error?
}

/// What a ``SubjectSubscription`` (or a subscription handle, for
/// `subscribe(onNext:…)` on a subject itself) asks to remove an observer by
/// key: the subject's ``DeliveryGuard``. A class rather than a protocol, so a
/// handle can hold it through `Unmanaged`.
class ObserverRemover {
    func removeObserver(_ key: Int) {
        fatalError("ObserverRemover.removeObserver must be overridden")
    }
}

/// Removes an observer from its subject when disposed.
final class SubjectSubscription: Disposable, @unchecked Sendable {
    private var unsubscribe: (() -> Void)?
    /// Held weakly, as the subject's state must not outlive the subject for
    /// the sake of a subscription to it.
    private weak var observers: ObserverRemover?
    private let key: Int
    private let flag = DisposedFlag()

    init(_ unsubscribe: @escaping () -> Void) {
        self.unsubscribe = unsubscribe
        self.key = 0
    }

    /// Removes observer `key` from `observers`: one object per subscription, no closure.
    init(removing key: Int, from observers: ObserverRemover) {
        self.observers = observers
        self.key = key
    }

    func dispose() {
        guard flag.set() else { return }
        if let unsubscribe {
            unsubscribe()
            self.unsubscribe = nil
        } else {
            observers?.removeObserver(key)
        }
    }
}
