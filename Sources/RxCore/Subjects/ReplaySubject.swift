private let replaySubjectKind = ResourceKind("ReplaySubject", .subject)

/// Replays the elements it keeps (the newest `bufferSize` of them, or all of
/// them) to each new subscriber, then the terminal event if there was one,
/// then sends every later event.
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
    @unchecked Sendable
{
    /// The subject's observer side, as RxSwift names it.
    public typealias SubjectObserverType = ReplaySubject<Element>

    private struct State: ObserverKeeping {
        var buffer: ReplayBuffer<Element>
        var subject = SubjectState<Element>()

        /// Modified in place: a setter would copy the arrays on every removal.
        var observers: SubjectObservers {
            get { subject.observers }
            _modify { yield &subject.observers }
        }
    }

    private let state: DeliveryGuard<State, Element>

    /// A subject keeping `bufferSize` elements, or all of them when `nil`;
    /// its operator chain starts with `source`.
    init(bufferSize: Int?, source: String) {
        state = DeliveryGuard(State(buffer: ReplayBuffer(capacity: bufferSize)))
        super.init(kind: replaySubjectKind, chain: OperatorChain.source(source, element: Element.self))
    }

    /// A subject that replays the newest `bufferSize` elements.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: bufferSize, source: "ReplaySubject")
    }

    /// A subject that replays every element it ever received.
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: nil, source: "ReplaySubject")
    }

    /// A subject that replays every element it ever received; RxSwift names it ``createUnbounded()``.
    @available(*, deprecated, renamed: "createUnbounded()")
    public static func createUnbound() -> ReplaySubject<Element> {
        createUnbounded()
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { state.withLock { $0.subject.observers.count > 0 } }

    /// Whether ``dispose()`` was called.
    public var isDisposed: Bool { state.withLock { $0.subject.isDisposed } }

    /// Keeps a `next` element for replay and sends the event to the observers.
    public func on(_ event: Event<Element>) {
        state.send(in: "ReplaySubject<\(Element.self)>") { state in
            if state.subject.isActive, case .next(let element) = event { state.buffer.append(element) }
            return .event(event, to: state.subject.receive(event))
        }
    }

    /// Replays the kept elements (and the terminal event, if any) to
    /// `observer`, then sends it every later event.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        var subscription: Disposable = Disposables.create()
        let subscriber = SubjectObserver(observer)
        state.replay { state in
            if state.subject.isDisposed { return .replay([], then: state.subject.refusal(from: self), to: subscriber) }
            if state.subject.stopEvent == nil {
                let key = state.subject.observers.insert(subscriber)
                subscription = SubjectSubscription(removing: key, from: self.state)
            }
            return .replay(state.buffer.elements, then: state.subject.stopEvent, to: subscriber)
        }
        return subscription
    }

    /// The observer side of the subject.
    public func asObserver() -> ReplaySubject<Element> { self }

    /// Releases the observers and the kept elements; later subscribers receive
    /// a `disposed` error.
    public func dispose() {
        _ = state.withLock { state in (state.subject.dispose(), state.buffer.takeAll()) }
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

    var isEmpty: Bool { ring.isEmpty }

    /// The kept elements, oldest first.
    var elements: [Element] {
        (0..<ring.count).map { ring[(start + $0) % ring.count] }
    }

    /// Empties the buffer and returns what it held, for the caller to
    /// release outside the subject's lock.
    mutating func takeAll() -> ContiguousArray<Element> {
        defer {
            ring = []
            start = 0
        }
        return ring
    }
}
