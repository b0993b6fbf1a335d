#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How long a thread waits for its turn to deliver before it leaves its
/// delivery to the thread holding the turn (nanoseconds).
private let turnPatience = 100_000_000

/// Re-entrant sends into a subject nested deeper than this are dropped.
let maximumReentrantDeliveryDepth = 64

/// A subject's state behind its lock, and the turn in which the subject
/// delivers: deliveries are serialized, a thread never waits for another
/// thread's delivery without bound, and misuse is recorded instead of crashing.
///
/// Each send or replay takes what it delivers from the state (the observers
/// of the moment, the elements to replay) under the lock, as RxSwift's
/// subjects do, then delivers it outside the lock in its turn. A second
/// thread sending at the same time (``Diagnostic/Kind/concurrentDelivery``)
/// queues its delivery and waits for its turn, which the thread holding the
/// turn hands over once the deliveries before it are done; so, as before,
/// each thread delivers its own events and a fast sender is held back by a
/// slow delivery. A thread whose turn does not come within `turnPatience`
/// stops waiting and leaves its delivery to the thread holding the turn,
/// which delivers it in order: the holder may be waiting for a lock the
/// waiting thread holds (a `refCount` connecting while its source sends into
/// the subject, while the holder delivers into that `refCount`), and waiting
/// on would deadlock. RxSwift's subjects never wait there, as they lock only
/// to take a snapshot of their observers. An observer that sends into the
/// subject delivering to it goes through at once
/// (``Diagnostic/Kind/reentrantDelivery``), as RxSwift does after its warning.
/// A feedback loop that keeps re-entering (an observer that always sends
/// again) would overflow the stack; past `maximumReentrantDeliveryDepth`
/// nested sends the event is dropped instead, before it changes the state,
/// and recorded the same way, so the loop ends and shows up as a run of
/// re-entrant deliveries.
///
/// Replays to a new subscriber take their turn too, and the state is taken
/// and the queue filled under one lock, so deliveries follow the order in
/// which the state changed: a replayed value never reaches the subscriber
/// after a newer event sent by another thread.
///
/// Reference-holding state (observers, queued deliveries) stays in ordinary
/// stored properties, so the leak engine sees through the subject.
///
/// It is also what a subscription asks to remove its observer: the guard
/// holds no reference to its subject, so a subscription may keep it alive,
/// where a weak reference to the subject would give the subject a side table
/// and send every later retain and release of it down the runtime's slow path.
final class DeliveryGuard<State: ObserverKeeping, Element>: ObserverRemover, @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Signalled when the turn is handed to a waiting thread.
    private let handedOver: UnsafeMutablePointer<pthread_cond_t>
    /// Only touched under `mutex` (the depth by the thread holding the turn),
    /// which already makes access exclusive: the runtime's exclusivity check
    /// would only add a thread-local lookup.
    @exclusivity(unchecked) private var state: State
    @exclusivity(unchecked) private var turn = Turn()
    /// Re-entrant sends in progress.
    @exclusivity(unchecked) private var reentrantDepth = 0

    init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        handedOver = .allocate(capacity: 1)
        handedOver.initialize(to: pthread_cond_t())
        pthread_cond_init(handedOver, nil)
        super.init()
    }

    deinit {
        pthread_cond_destroy(handedOver)
        handedOver.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    func withLock<T>(_ body: (inout State) throws -> T) rethrows -> T {
        // Not `defer`: the optimiser outlines it as a generic function that
        // looks up `T`'s metadata on every call.
        pthread_mutex_lock(mutex)
        do {
            let result = try body(&state)
            pthread_mutex_unlock(mutex)
            return result
        } catch {
            pthread_mutex_unlock(mutex)
            throw error
        }
    }

    override func removeObserver(_ key: Int) {
        withLock { $0.observers.remove(key) }
    }

    /// Sends an event: `take` updates the state and returns what to deliver.
    @inline(__always)
    func send(in resource: @autoclosure () -> String, _ take: (inout State) -> SubjectDelivery<Element>) {
        run(isSend: true, in: resource, take)
    }

    /// Sends an element: `take` updates the state and returns the observers
    /// to send it to. While the turn is free, which it nearly always is, this
    /// builds no ``SubjectDelivery``: a generic enum whose metadata, and that
    /// of everything it is copied through, would be looked up for every element.
    @inline(__always)
    func sendNext(
        _ element: Element, in resource: @autoclosure () -> String, _ take: (inout State) -> SubjectObservers.Entries
    ) {
        let thread = UInt(bitPattern: Int(bitPattern: pthread_self()))
        pthread_mutex_lock(mutex)
        guard turn.owner == 0 else {
            pthread_mutex_unlock(mutex)
            return sendNextOutOfTurn(element, in: resource(), take)
        }
        _ = turn.enter(thread, isSend: true)
        let observers = take(&state)
        pthread_mutex_unlock(mutex)
        SubjectObservers.deliver(next: element, to: observers)
        passTurn()
    }

    /// `sendNext` when another thread holds the turn, or this one does (a
    /// re-entrant send). Out of line, so `sendNext` never sizes a
    /// ``SubjectDelivery`` on its stack.
    @inline(never)
    private func sendNextOutOfTurn(
        _ element: Element, in resource: String, _ take: (inout State) -> SubjectObservers.Entries
    ) {
        send(in: resource, { .next(element, to: take(&$0)) })
    }

    /// Replays to a new subscriber: `take` adds it and returns what to replay.
    func replay(_ take: (inout State) -> SubjectDelivery<Element>) {
        run(isSend: false, in: { "" }, take)
    }

    @inline(__always)
    private func run(isSend: Bool, in resource: () -> String, _ take: (inout State) -> SubjectDelivery<Element>) {
        let thread = UInt(bitPattern: Int(bitPattern: pthread_self()))
        pthread_mutex_lock(mutex)
        let entry = turn.enter(thread, isSend: isSend)
        if case .reentrant = entry, isSend, reentrantDepth >= maximumReentrantDeliveryDepth {
            pthread_mutex_unlock(mutex)
            Resources.record(.reentrantDelivery, in: resource())
            return
        }
        let delivery = take(&state)
        switch entry {
        case .holder:
            pthread_mutex_unlock(mutex)
            delivery.perform()
            passTurn()
        case .reentrant:
            pthread_mutex_unlock(mutex)
            guard isSend else { return delivery.perform() }
            Resources.record(.reentrantDelivery, in: resource())
            reentrantDepth += 1
            delivery.perform()
            reentrantDepth -= 1
        case .contended(let bySender):
            if bySender { Resources.record(.concurrentDelivery, in: resource()) }
            waitForTurn(thread, with: delivery)
        }
    }

    /// Called holding `mutex`: queues `delivery` and waits on `handedOver`
    /// until the turn is handed to this thread or patience runs out.
    private func waitForTurn(_ thread: UInt, with delivery: SubjectDelivery<Element>) {
        let ticket = turn.queue(QueuedSubjectDelivery(delivery), from: thread)
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + turnPatience
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = .init(nanoseconds % 1_000_000_000)
        var patient = true
        while turn.owner != thread, patient {
            patient = pthread_cond_timedwait(handedOver, mutex, &deadline) != ETIMEDOUT
        }
        guard turn.owner == thread else {
            turn.abandon(ticket)
            pthread_mutex_unlock(mutex)
            return
        }
        let own = turn.takeNext()
        pthread_mutex_unlock(mutex)
        own.perform()
        passTurn()
    }

    /// After the holder's delivery: delivers the queued deliveries whose
    /// threads stopped waiting, then hands the turn to the next waiting
    /// thread or gives it up. The queue is looked at and the turn passed in
    /// one critical section, so a delivery queued meanwhile is never left
    /// behind with nobody to run it.
    private func passTurn() {
        while true {
            pthread_mutex_lock(mutex)
            switch turn.pass() {
            case .released:
                pthread_mutex_unlock(mutex)
                return
            case .handedOver:
                pthread_cond_broadcast(handedOver)
                pthread_mutex_unlock(mutex)
                return
            case .deliver(let delivery):
                pthread_mutex_unlock(mutex)
                delivery.perform()
            }
        }
    }
}

/// What a thread asking for a subject's turn does.
private enum Entry {
    case holder
    case reentrant
    /// Another thread holds the turn; `bySender` when that is a misuse
    /// (another thread's send, not a replay, is under way).
    case contended(bySender: Bool)
}

/// What the thread holding a subject's turn does once its delivery is done.
private enum Pass {
    case released
    case handedOver
    case deliver(QueuedDelivery)
}

/// A delivery queued for the turn.
private struct Waiting {
    var delivery: QueuedDelivery
    var thread: UInt
    var ticket: UInt64
    /// Whether `thread` still waits to deliver it itself.
    var waits = true
}

/// A subject's turn to deliver, and the deliveries queued for it. Not
/// generic, as neither is what it queues: its layout is fixed, so handling
/// it costs no metadata lookups.
private struct Turn {
    /// The thread holding the turn, 0 when nobody does.
    var owner: UInt = 0
    /// Queued deliveries, oldest first from `head`; a taken slot holds
    /// `nil` until the queue empties, so taking never shifts the array.
    var waiting: ContiguousArray<Waiting?> = []
    var head = 0
    var nextTicket: UInt64 = 0
    /// Sends queued or being delivered, and the thread that made the
    /// newest of them (0 when there is none). Only two senders at once
    /// are a misuse: a replay is not a send, and a thread whose earlier
    /// send the holder is still delivering does not contend with itself.
    var pendingSends = 0
    var lastSender: UInt = 0
    var deliveringSend = false

    /// What a thread asking for the turn should do; it takes the turn if free.
    mutating func enter(_ thread: UInt, isSend: Bool) -> Entry {
        if owner == thread { return .reentrant }
        let bySender = isSend && lastSender != 0 && lastSender != thread
        if isSend {
            pendingSends += 1
            lastSender = thread
        }
        guard owner == 0 else { return .contended(bySender: bySender) }
        owner = thread
        deliveringSend = isSend
        return .holder
    }

    mutating func queue(_ delivery: QueuedDelivery, from thread: UInt) -> UInt64 {
        defer { nextTicket &+= 1 }
        waiting.append(Waiting(delivery: delivery, thread: thread, ticket: nextTicket))
        return nextTicket
    }

    /// Leaves the delivery with `ticket`, still queued, to the holder.
    mutating func abandon(_ ticket: UInt64) {
        for index in head..<waiting.count where waiting[index]?.ticket == ticket {
            waiting[index]?.waits = false
            return
        }
    }

    /// The holder's delivery is done: what it does next.
    mutating func pass() -> Pass {
        if deliveringSend {
            deliveringSend = false
            pendingSends -= 1
            if pendingSends == 0 { lastSender = 0 }
        }
        guard head < waiting.count, let next = waiting[head] else {
            owner = 0
            return .released
        }
        if next.waits {
            owner = next.thread
            return .handedOver
        }
        return .deliver(takeNext())
    }

    /// Removes the oldest queued delivery, which the owner delivers now.
    mutating func takeNext() -> QueuedDelivery {
        let next = waiting[head]!
        waiting[head] = nil
        head += 1
        if head == waiting.count {
            waiting.removeAll(keepingCapacity: true)
            head = 0
        }
        deliveringSend = next.delivery.isSend
        return next.delivery
    }
}

/// What a subject delivers in one turn, taken from its state under the lock.
enum SubjectDelivery<Element> {
    /// A send with nothing to deliver (an element an ``AsyncSubject`` keeps).
    case nothing
    /// An element to the observers of the moment.
    case next(Element, to: SubjectObservers.Entries)
    /// An event to the observers of the moment.
    case event(Event<Element>, to: SubjectObservers.Entries)
    /// An ``AsyncSubject``'s last element followed by completion.
    case lastElement(Element, to: SubjectObservers.Entries)
    /// A ``BehaviorSubject``'s current value to a new subscriber.
    case value(Element, to: SubjectObserverBase<Element>)
    /// Replayed elements, then the terminal event if any, to a new subscriber.
    case replay([Element], then: Event<Element>?, to: SubjectObserverBase<Element>)

    fileprivate var isSend: Bool {
        switch self {
        case .value, .replay: false
        case .nothing, .next, .event, .lastElement: true
        }
    }

    fileprivate func perform() {
        switch self {
        case .nothing:
            break
        case .next(let element, let observers):
            SubjectObservers.deliver(next: element, to: observers)
        case .event(let event, let observers):
            SubjectObservers.deliver(event, to: observers)
        case .lastElement(let element, let observers):
            SubjectObservers.deliver(next: element, to: observers)
            SubjectObservers.deliver(Event<Element>.completed, to: observers)
        case .value(let element, let observer):
            observer.onNext(element)
        case .replay(let elements, let stopEvent, let observer):
            for element in elements { observer.onNext(element) }
            if let stopEvent { observer.on(stopEvent) }
        }
    }
}

/// A delivery queued while another thread holds the turn, boxed so the
/// turn's queue does not depend on the subject's element type.
private class QueuedDelivery {
    let isSend: Bool

    init(isSend: Bool) { self.isSend = isSend }

    func perform() {
        fatalError("QueuedDelivery.perform must be overridden")
    }
}

private final class QueuedSubjectDelivery<Element>: QueuedDelivery {
    private let delivery: SubjectDelivery<Element>

    init(_ delivery: SubjectDelivery<Element>) {
        self.delivery = delivery
        super.init(isSend: delivery.isSend)
    }

    override func perform() { delivery.perform() }
}
