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
final class DeliveryGuard<State, Element>: @unchecked Sendable {
    // Fixed-layout fields first and the generic state last, so that the hot
    // path reaches them without looking up generic type metadata.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Signalled when the turn is handed to a waiting thread.
    private let handedOver: UnsafeMutablePointer<pthread_cond_t>
    /// Only touched under `mutex`, which already makes access exclusive: the
    /// runtime's exclusivity check would only add a thread-local lookup.
    @exclusivity(unchecked) private var turn = DeliveryTurn()
    /// Re-entrant sends in progress; only the thread holding the turn touches
    /// it, and the turn passes from thread to thread under `mutex`.
    @exclusivity(unchecked) private var reentrantDepth = 0
    /// The queued deliveries, oldest first from `turn.head`; a taken slot is
    /// `nil` until the queue empties, so taking never shifts the array. Only
    /// touched under `mutex`, and only when `turn` says something is queued.
    @exclusivity(unchecked) private var queue: ContiguousArray<QueuedDelivery?> = []
    @exclusivity(unchecked) private var state: State

    private struct QueuedDelivery {
        var delivery: SubjectDelivery<Element>
        var thread: UInt
        var ticket: UInt64
        /// Whether `thread` still waits to deliver it itself.
        var waits = true
    }

    init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        handedOver = .allocate(capacity: 1)
        handedOver.initialize(to: pthread_cond_t())
        pthread_cond_init(handedOver, nil)
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

    /// Sends `element` to the observers `take` returns after updating the state.
    @inline(__always)
    func send(next element: Element, in resource: @autoclosure () -> String,
              _ take: (inout State) -> SubjectObservers<Element>.Entries) {
        guard let observers = run(isSend: true, in: resource, take, perform: { SubjectObservers.deliver(next: element, to: $0) })
        else { return }
        waitForTurn(next: element, to: observers)
    }

    /// Sends `event` to the observers `take` returns after updating the state.
    @inline(__always)
    func send(_ event: Event<Element>, in resource: @autoclosure () -> String,
              _ take: (inout State) -> SubjectObservers<Element>.Entries) {
        guard let observers = run(isSend: true, in: resource, take, perform: { SubjectObservers.deliver(event, to: $0) })
        else { return }
        waitForTurn(event: event, to: observers)
    }

    /// Sends what `take` returns after updating the state.
    func send(in resource: @autoclosure () -> String, _ take: (inout State) -> SubjectDelivery<Element>) {
        guard let delivery = run(isSend: true, in: resource, take, perform: { $0.perform() }) else { return }
        waitForTurn(with: delivery)
    }

    /// Replays to a new subscriber: `take` adds it and returns what to replay.
    func replay(_ take: (inout State) -> SubjectDelivery<Element>) {
        guard let delivery = run(isSend: false, in: { "" }, take, perform: { $0.perform() }) else { return }
        waitForTurn(with: delivery)
    }

    /// Takes a delivery from the state and, in this thread's turn, delivers
    /// it with `perform`. When another thread holds the turn it returns the
    /// delivery instead, still holding `mutex`, for the caller to queue with
    /// `waitForTurn`: out of line, so that only a contended send builds a
    /// ``SubjectDelivery`` (and looks up its generic type metadata).
    @inline(__always)
    private func run<Taken>(
        isSend: Bool, in resource: () -> String, _ take: (inout State) -> Taken, perform: (Taken) -> Void
    ) -> Taken? {
        let thread = UInt(bitPattern: Int(bitPattern: pthread_self()))
        pthread_mutex_lock(mutex)
        let entry = turn.enter(thread, isSend: isSend)
        if entry == .reentrant, isSend, reentrantDepth >= maximumReentrantDeliveryDepth {
            pthread_mutex_unlock(mutex)
            Resources.record(.reentrantDelivery, in: resource())
            return nil
        }
        let taken = take(&state)
        switch entry {
        case .holder:
            pthread_mutex_unlock(mutex)
            perform(taken)
            passTurn()
        case .reentrant:
            pthread_mutex_unlock(mutex)
            guard isSend else {
                perform(taken)
                return nil
            }
            Resources.record(.reentrantDelivery, in: resource())
            reentrantDepth += 1
            perform(taken)
            reentrantDepth -= 1
        case .contended:
            return taken
        case .contendedBySender:
            Resources.record(.concurrentDelivery, in: resource())
            return taken
        }
        return nil
    }

    /// `waitForTurn(with:)` for an element, building its delivery out of line.
    @inline(never)
    private func waitForTurn(next element: Element, to observers: SubjectObservers<Element>.Entries) {
        waitForTurn(with: .next(element, to: observers))
    }

    /// `waitForTurn(with:)` for an event, building its delivery out of line.
    @inline(never)
    private func waitForTurn(event: Event<Element>, to observers: SubjectObservers<Element>.Entries) {
        waitForTurn(with: .event(event, to: observers))
    }

    /// Called holding `mutex`: queues `delivery` and waits on `handedOver`
    /// until the turn is handed to this thread or patience runs out.
    @inline(never)
    private func waitForTurn(with delivery: SubjectDelivery<Element>) {
        let thread = UInt(bitPattern: Int(bitPattern: pthread_self()))
        let ticket = turn.nextTicket
        turn.nextTicket &+= 1
        turn.queued += 1
        queue.append(QueuedDelivery(delivery: delivery, thread: thread, ticket: ticket))
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
            for index in turn.head..<queue.count where queue[index]?.ticket == ticket {
                queue[index]?.waits = false
            }
            pthread_mutex_unlock(mutex)
            return
        }
        let own = takeQueued()
        pthread_mutex_unlock(mutex)
        own.perform()
        passTurn()
    }

    /// After the holder's delivery: delivers the queued deliveries whose
    /// threads stopped waiting, then hands the turn to the next waiting
    /// thread or gives it up. The queue is looked at and the turn passed in
    /// one critical section, so a delivery queued meanwhile is never left
    /// behind with nobody to run it.
    @inline(__always)
    private func passTurn() {
        pthread_mutex_lock(mutex)
        guard turn.passOrRelease() else {
            pthread_mutex_unlock(mutex)
            return
        }
        passQueuedTurn()
    }

    /// `passTurn` when something is queued; called holding `mutex`.
    private func passQueuedTurn() {
        while true {
            let next = queue[turn.head]!
            if next.waits {
                turn.owner = next.thread
                pthread_cond_broadcast(handedOver)
                pthread_mutex_unlock(mutex)
                return
            }
            let delivery = takeQueued()
            pthread_mutex_unlock(mutex)
            delivery.perform()
            pthread_mutex_lock(mutex)
            guard turn.passOrRelease() else {
                pthread_mutex_unlock(mutex)
                return
            }
        }
    }

    /// Removes the oldest queued delivery, which the owner delivers now;
    /// called holding `mutex`.
    private func takeQueued() -> SubjectDelivery<Element> {
        let next = queue[turn.head]!
        queue[turn.head] = nil
        turn.head += 1
        turn.queued -= 1
        if turn.queued == 0 {
            queue.removeAll(keepingCapacity: true)
            turn.head = 0
        }
        turn.deliveringSend = next.delivery.isSend
        return next.delivery
    }
}

/// How a thread asking for a subject's turn gets on.
private enum DeliveryEntry {
    case holder
    case reentrant
    /// Another thread holds the turn for a replay, or for an earlier send of this thread.
    case contended
    /// Another thread's send is under way: a misuse.
    case contendedBySender
}

/// Who holds a subject's turn, and what waits for it. Not generic, so the
/// hot path needs no generic type metadata; the queued deliveries themselves
/// live in the guard.
private struct DeliveryTurn {
    /// The thread holding the turn, 0 when nobody does.
    var owner: UInt = 0
    /// Queued deliveries, and where the oldest is.
    var queued = 0
    var head = 0
    var nextTicket: UInt64 = 0
    /// Sends queued or being delivered, and the thread that made the newest
    /// of them (0 when there is none). Only two senders at once are a
    /// misuse: a replay is not a send, and a thread whose earlier send the
    /// holder is still delivering does not contend with itself.
    var pendingSends = 0
    var lastSender: UInt = 0
    var deliveringSend = false

    /// What a thread asking for the turn should do; it takes the turn if free.
    @inline(__always)
    mutating func enter(_ thread: UInt, isSend: Bool) -> DeliveryEntry {
        if owner == thread { return .reentrant }
        let bySender = isSend && lastSender != 0 && lastSender != thread
        if isSend {
            pendingSends += 1
            lastSender = thread
        }
        guard owner == 0 else { return bySender ? .contendedBySender : .contended }
        owner = thread
        deliveringSend = isSend
        return .holder
    }

    /// The holder's delivery is done: gives up the turn and returns false if
    /// nothing is queued, else returns true (the turn passes on through the queue).
    @inline(__always)
    mutating func passOrRelease() -> Bool {
        if deliveringSend {
            deliveringSend = false
            pendingSends -= 1
            if pendingSends == 0 { lastSender = 0 }
        }
        guard queued > 0 else {
            owner = 0
            return false
        }
        return true
    }
}

/// What a subject delivers in one turn, taken from its state under the lock.
enum SubjectDelivery<Element> {
    /// A send with nothing to deliver (an element an ``AsyncSubject`` keeps).
    case nothing
    /// An element to the observers of the moment.
    case next(Element, to: SubjectObservers<Element>.Entries)
    /// An event to the observers of the moment.
    case event(Event<Element>, to: SubjectObservers<Element>.Entries)
    /// An ``AsyncSubject``'s last element followed by completion.
    case lastElement(Element, to: SubjectObservers<Element>.Entries)
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
            SubjectObservers.deliver(.completed, to: observers)
        case .value(let element, let observer):
            observer.onNext(element)
        case .replay(let elements, let stopEvent, let observer):
            for element in elements { observer.onNext(element) }
            if let stopEvent { observer.on(stopEvent) }
        }
    }
}
