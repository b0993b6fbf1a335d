private let shareWhileConnectedKind = ResourceKind("ShareWhileConnected", .observable)
private let shareConnectionKind = ResourceKind("ShareWhileConnectedConnection", .sink)

/// How long the subject behind `share(replay:scope:)` lives, and with it the
/// replayed elements.
public enum SubjectLifetimeScope: Sendable {
    /// The replayed elements live while the source is connected: once the last
    /// subscriber leaves or the source terminates they are dropped, and the
    /// next subscriber subscribes to the source afresh.
    case whileConnected
    /// One subject lives as long as the shared sequence: its replayed elements,
    /// and the source's terminal event, outlive every connection.
    case forever
}

extension ObservableType {
    /// Shares one subscription to the source among all subscribers, replaying
    /// the newest `replay` elements to each new one.
    ///
    /// The source is subscribed when the first subscriber arrives and
    /// unsubscribed when the last one leaves; `scope` says whether the replayed
    /// elements survive that (``SubjectLifetimeScope/forever``) or not.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        switch scope {
        case .forever:
            // RxSwift's `multicast(PublishSubject()).refCount()` and
            // `multicast(ReplaySubject.create(bufferSize:)).refCount()`.
            return replay == 0
                ? multicast(PublishSubject()).refCount()
                : multicast(ReplaySubject.create(bufferSize: replay)).refCount()
        case .whileConnected:
            return ShareWhileConnected(source: asObservable(), replay: replay)
        }
    }
}

/// RxSwift's `ShareWhileConnected` and `ShareReplay1WhileConnected` in one,
/// for any replay count: the replayed elements belong to the connection, so
/// they go when it ends. (RxSwift uses `multicast` with a fresh
/// `ReplaySubject` and `refCount` for more than one element; the events and
/// subscriptions are the same.)
final class ShareWhileConnected<Element>: Observable<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let replay: Int
    /// Guards the connection and its observers; recursive because an
    /// observer told of the source's termination can subscribe again.
    fileprivate let lock = RecursiveLock()
    fileprivate var connection: ShareWhileConnectedConnection<Element>?

    init(source: Observable<Element>, replay: Int) {
        self.source = source
        self.replay = replay
        super.init(kind: shareWhileConnectedKind, chain: OperatorChain.applying("share", to: source.chain))
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        // Locked by hand: a closure returning the three as a tuple would look
        // up the tuple's generic metadata on every subscription.
        lock.lock()
        let connection = self.connection ?? ShareWhileConnectedConnection(parent: self)
        self.connection = connection
        let connects = connection.observers.count == 0
        let subscription = connection.synchronizedSubscribe(observer)
        lock.unlock()
        // Outside the lock (RxSwift issue 2653): the replayed elements may reach
        // an observer that waits for a thread that needs the lock to unsubscribe.
        subscription.replay?()
        if connects { connection.connect() }
        return subscription.disposable
    }
}

/// One connection of a ``ShareWhileConnected``: its subscription to the
/// source, its observers and the elements it replays.
final class ShareWhileConnectedConnection<Element>: ObserverType {
    private let token = ResourceToken(shareConnectionKind)
    private let parent: ShareWhileConnected<Element>
    private let subscription = SingleAssignmentDisposable()
    // The state below is only touched under the parent's lock, which makes
    // access exclusive already: the runtime's checks would cost more than
    // the rest of an element's way through the share.
    @exclusivity(unchecked) fileprivate var observers = SubjectObservers()
    /// The replayed elements when there can be more than one (none kept for `share()`).
    @exclusivity(unchecked) private var buffer: ReplayBuffer<Element>
    /// The replayed element of `share(replay: 1)` (a Driver's), replaced in
    /// place: storing into a generic buffer would look up its metadata for
    /// every element.
    @exclusivity(unchecked) private var latest: ElementBox<Element>?
    private let replay: Int
    @exclusivity(unchecked) private var disposed = false

    fileprivate init(parent: ShareWhileConnected<Element>) {
        self.parent = parent
        replay = parent.replay
        self.buffer = ReplayBuffer(capacity: replay == 1 ? 0 : replay)
    }

    func on(_ event: Event<Element>) {
        if case .next(let element) = event { return onNext(element) }
        let observers = parent.lock.performLocked { () -> SubjectObservers.Entries in
            if disposed { return [] }
            defer { synchronizedDispose() }
            return self.observers.entries
        }
        SubjectObservers.deliver(event, to: observers)
        // The source's subscription holds what it subscribed (see `connect()`),
        // which holds this connection: let go of it now that it has ended.
        subscription.dispose()
    }

    /// An element without an `Event` around it, as a subject sends one: in
    /// this generic class each `Event` built or inspected is a runtime lookup
    /// of its type, one per element for every observer it reached.
    func onNext(_ element: Element) {
        let observers = parent.lock.performLocked { () -> SubjectObservers.Entries in
            if disposed { return [] }
            if replay > 1 {
                buffer.append(element)
            } else if replay == 1 {
                if let latest { latest.element = element } else { latest = ElementBox(element) }
            }
            return self.observers.entries
        }
        SubjectObservers.deliver(next: element, to: observers)
    }

    /// Subscribes the source as a holder (it lets go of the subscription
    /// once its last observer leaves or the source ends): `map` and `filter`
    /// under a share, as every Driver operator is, then subscribe with no
    /// disposer object and no generic lookup of their sinks.
    fileprivate func connect() {
        subscription.setDisposable(parent.source.subscribe(holder: self))
    }

    /// Adds `observer`; called under the lock. With elements to replay, the
    /// observer is added behind a ``ReplayGate`` that holds back later events
    /// until the caller has replayed them, outside the lock.
    fileprivate func synchronizedSubscribe<Observer: ObserverType>(_ observer: Observer) -> ShareSubscription
    where Observer.Element == Element {
        let replay: (() -> Void)?
        let key: Int
        // Asked without making an array of the elements, a generic
        // operation each, when there is nothing to replay.
        if latest == nil, self.replay < 2 || buffer.isEmpty {
            key = observers.insert(observer)
            replay = nil
        } else {
            let elements = latest.map { [$0.element] } ?? buffer.elements
            let gate = ReplayGate(observer)
            key = observers.insert(gate)
            replay = { gate.open(replaying: elements) }
        }
        return ShareSubscription(disposable: SubjectSubscription { [self] in unsubscribe(key) }, replay: replay)
    }

    /// Ends the connection: the next subscriber makes a new one.
    private func synchronizedDispose() {
        disposed = true
        if parent.connection === self { parent.connection = nil }
        observers = SubjectObservers()
    }

    private func unsubscribe(_ key: Int) {
        let disconnects = parent.lock.performLocked { () -> Bool in
            let before = observers.count
            observers.remove(key)
            guard observers.count < before, observers.count == 0 else { return false }
            synchronizedDispose()
            return true
        }
        if disconnects { subscription.dispose() }
    }
}

/// A new subscriber of a share: how to unsubscribe, and what to replay to it
/// once the share's lock is released.
struct ShareSubscription {
    let disposable: Disposable
    let replay: (() -> Void)?
}

/// Stands for an observer that elements are replayed to outside the share's
/// lock: events the source sends meanwhile wait here, so the observer gets
/// them after the older, replayed ones.
final class ReplayGate<Observer: ObserverType>: ObserverType, @unchecked Sendable {
    private let observer: Observer
    private let lock = Lock()
    /// Events held back while replaying; `nil` once the gate is open.
    private var heldBack: [Event<Observer.Element>]? = []

    init(_ observer: Observer) {
        self.observer = observer
    }

    func on(_ event: Event<Observer.Element>) {
        let passes = lock.withLock { () -> Bool in
            guard heldBack != nil else { return true }
            heldBack?.append(event)
            return false
        }
        if passes { observer.on(event) }
    }

    /// Sends `elements`, then what was held back meanwhile, then opens.
    func open(replaying elements: [Observer.Element]) {
        for element in elements { observer.on(.next(element)) }
        while true {
            let held = lock.withLock { () -> [Event<Observer.Element>] in
                let held = heldBack ?? []
                heldBack = held.isEmpty ? nil : []
                return held
            }
            if held.isEmpty { return }
            for event in held { observer.on(event) }
        }
    }
}
