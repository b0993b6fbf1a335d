
private let replaySubjectKind = ResourceKind("ReplaySubject", .subject)

/// Replays the elements it keeps (the newest `bufferSize` of them, or all of
/// them) to each new subscriber, then the terminal event if there was one,
/// then sends every later event.
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable, @unchecked Sendable {
    private struct State {
        var buffer: ReplayBuffer<Element>
        var subject = SubjectState<Element>()
    }

    private let state: Locked<State>
    private let delivery = DeliveryGuard()

    /// A subject keeping `bufferSize` elements, or all of them when `nil`;
    /// its operator chain starts with `source`.
    init(bufferSize: Int?, source: String) {
        state = Locked(State(buffer: ReplayBuffer(capacity: bufferSize)))
        super.init(kind: replaySubjectKind, chain: OperatorChain.source(source, element: Element.self))
    }

    /// A subject that replays the newest `bufferSize` elements.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: bufferSize, source: "ReplaySubject")
    }

    /// A subject that replays every element it ever received.
    public static func createUnbound() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: nil, source: "ReplaySubject")
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { state.withLock { $0.subject.observers.count > 0 } }

    /// Whether ``dispose()`` was called.
    public var isDisposed: Bool { state.withLock { $0.subject.isDisposed } }

    /// Keeps a `next` element for replay and sends the event to the observers.
    public func on(_ event: Event<Element>) {
        delivery.deliver(in: "ReplaySubject<\(Element.self)>") {
            let observers = state.withLock { state in
                if state.subject.isActive, case .next(let element) = event { state.buffer.append(element) }
                return state.subject.receive(event)
            }
            SubjectObservers.deliver(event, to: observers)
        }
    }

    /// Replays the kept elements (and the terminal event, if any) to
    /// `observer`, then sends it every later event.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        var subscription: Disposable = Disposables.create()
        delivery.replay {
            let (replayed, stopEvent) = state.withLock { state -> ([Element], Event<Element>?) in
                if state.subject.isDisposed { return ([], state.subject.refusal(from: self)) }
                if state.subject.stopEvent == nil {
                    let key = state.subject.observers.insert(observer)
                    subscription = SubjectSubscription { [weak self] in
                        self?.state.withLock { $0.subject.observers.remove(key) }
                    }
                }
                return (state.buffer.elements, state.subject.stopEvent)
            }
            for element in replayed { observer.on(.next(element)) }
            if let stopEvent { observer.on(stopEvent) }
        }
        return subscription
    }

    /// The observer side of the subject.
    public func asObserver() -> ReplaySubject<Element> { self }

    /// Releases the observers and the kept elements; later subscribers receive
    /// a `disposed` error.
    public func dispose() {
        state.withLock { state in
            state.subject.dispose()
            state.buffer.removeAll()
        }
    }
}

/// The newest elements, at most `capacity` of them (all of them when it is
/// `nil`). A bounded buffer overwrites its oldest slot, so an element leaves
/// memory as soon as it leaves the buffer.
struct ReplayBuffer<Element> {
    private var ring: ContiguousArray<Element> = []
    private var start = 0
    private let capacity: Int?

    init(capacity: Int?) {
        self.capacity = capacity.map { max($0, 0) }
    }

    mutating func append(_ element: Element) {
        guard let capacity, ring.count == capacity else {
            ring.append(element)
            return
        }
        guard capacity > 0 else { return }
        ring[start] = element
        start = (start + 1) % capacity
    }

    /// The kept elements, oldest first.
    var elements: [Element] {
        (0..<ring.count).map { ring[(start + $0) % ring.count] }
    }

    mutating func removeAll() {
        ring = []
        start = 0
    }
}
