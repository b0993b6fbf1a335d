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
    /// Guards the connection and its observers; recursive because a replayed
    /// element can make its observer subscribe again.
    fileprivate let lock = RecursiveLock()
    fileprivate var connection: ShareWhileConnectedConnection<Element>?

    init(source: Observable<Element>, replay: Int) {
        self.source = source
        self.replay = replay
        super.init(kind: shareWhileConnectedKind, chain: OperatorChain.applying("share", to: source.chain))
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let (connection, connects, subscription) = lock.performLocked { () -> (ShareWhileConnectedConnection<Element>, Bool, Disposable) in
            let connection = self.connection ?? ShareWhileConnectedConnection(parent: self)
            self.connection = connection
            let connects = connection.observers.count == 0
            return (connection, connects, connection.synchronizedSubscribe(observer))
        }
        if connects { connection.connect() }
        return subscription
    }
}

/// One connection of a ``ShareWhileConnected``: its subscription to the
/// source, its observers and the elements it replays.
final class ShareWhileConnectedConnection<Element>: ObserverType {
    private let token = ResourceToken(shareConnectionKind)
    private let parent: ShareWhileConnected<Element>
    private let subscription = SingleAssignmentDisposable()
    fileprivate var observers = SubjectObservers()
    private var buffer: ReplayBuffer<Element>
    private var disposed = false

    fileprivate init(parent: ShareWhileConnected<Element>) {
        self.parent = parent
        self.buffer = ReplayBuffer(capacity: parent.replay)
    }

    func on(_ event: Event<Element>) {
        let observers = parent.lock.performLocked { () -> SubjectObservers.Entries in
            if disposed { return [] }
            switch event {
            case .next(let element):
                buffer.append(element)
                return self.observers.entries
            case .error, .completed:
                defer { synchronizedDispose() }
                return self.observers.entries
            }
        }
        SubjectObservers.deliver(event, to: observers)
    }

    fileprivate func connect() {
        subscription.setDisposable(parent.source.subscribe(self))
    }

    /// Replays the buffer to `observer` and adds it; called under the lock.
    fileprivate func synchronizedSubscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        for element in buffer.elements { observer.on(.next(element)) }
        let key = observers.insert(observer)
        return SubjectSubscription { [self] in unsubscribe(key) }
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
