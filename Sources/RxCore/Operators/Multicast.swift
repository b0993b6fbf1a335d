import Synchronization

private let connectableAdapterKind = ResourceKind("ConnectableObservableAdapter", .observable)
private let connectionKind = ResourceKind("Connection", .sink)

/// A sequence that subscribes to its source only when ``connect()`` is
/// called, and sends what it receives to all its subscribers.
public protocol ConnectableObservableType: ObservableType {
    /// Subscribes to the source; disposing the result disconnects.
    func connect() -> Disposable
}

/// The base class of connectable sequences, as `multicast`, `publish` and
/// `replay` return them.
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType {
    /// Subclasses override this.
    public func connect() -> Disposable {
        fatalError("ConnectableObservable.connect must be overridden by \(type(of: self))")
    }
}

extension ObservableType {
    /// A connectable sequence that sends the source's events through `subject`,
    /// the same subject for every connection.
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: { subject }, name: "multicast", site: nil)
    }

    /// `multicast` with the site its public form takes from its caller.
    @usableFromInline
    func multicast<Subject: SubjectType>(
        makeSubject: @escaping () -> Subject,
        site: CallSite
    ) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element {
        ClosureSites.note(makeSubject, "multicast(makeSubject:)", site)
        return ConnectableObservableAdapter(
            source: asObservable(), makeSubject: makeSubject, name: "multicast", site: site)
    }

    /// A connectable sequence that sends the source's events, once connected,
    /// to the subscribers of the moment (`multicast` with a ``PublishSubject``).
    public func publish() -> ConnectableObservable<Element> {
        ConnectableObservableAdapter(
            source: asObservable(), makeSubject: { PublishSubject<Element>() }, name: "publish", site: nil)
    }

    /// A connectable sequence that, once connected, sends the source's events
    /// to its subscribers and replays the newest `bufferSize` elements to each
    /// new one (`multicast` with a ``ReplaySubject``).
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        ConnectableObservableAdapter(
            source: asObservable(), makeSubject: { ReplaySubject<Element>.create(bufferSize: bufferSize) },
            name: "replay", site: nil)
    }

    /// A connectable sequence that, once connected, sends the source's events
    /// to its subscribers and replays every element to each new one.
    public func replayAll() -> ConnectableObservable<Element> {
        ConnectableObservableAdapter(
            source: asObservable(), makeSubject: { ReplaySubject<Element>.createUnbounded() }, name: "replayAll",
            site: nil)
    }
}

/// Connects a source to a subject. `makeSubject` is called for the first
/// subscriber or connection, and again after a connection ends.
final class ConnectableObservableAdapter<Subject: SubjectType>: ConnectableObservable<Subject.Element> {
    private let source: Observable<Subject.Observer.Element>
    /// The closure that makes the subject, and where it was handed to
    /// `multicast(makeSubject:)` (`nil` for the forms that take no user closure).
    let makeSubject: () -> Subject
    let site: CallSite?
    /// Guards `subject` and `connection`; recursive because connecting can
    /// deliver synchronously into a connection that then disposes itself.
    let lock = RecursiveLock()
    var subject: Subject?
    var connection: Connection<Subject>?

    init(
        source: Observable<Subject.Observer.Element>, makeSubject: @escaping () -> Subject, name: String,
        site: CallSite?
    ) {
        self.source = source
        self.makeSubject = makeSubject
        self.site = site
        super.init(kind: connectableAdapterKind, chain: OperatorChain.applying(name, to: source.chain))
    }

    private var lazySubject: Subject {
        if let subject { return subject }
        let made = makeSubject()
        subject = made
        return made
    }

    override func connect() -> Disposable {
        lock.performLocked {
            if let connection { return connection }
            let subscription = SingleAssignmentDisposable()
            let connection = Connection(
                parent: self, subjectObserver: lazySubject.asObserver(), subscription: subscription)
            self.connection = connection
            subscription.setDisposable(source.subscribe(connection))
            return connection
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Subject.Element {
        lock.performLocked { lazySubject }.subscribe(observer)
    }
}

/// One connection of a ``ConnectableObservableAdapter``: it passes the
/// source's events to the subject and, when the source terminates or the
/// connection is disposed, lets the adapter make a fresh subject next time.
final class Connection<Subject: SubjectType>: ObserverType, Cancelable, @unchecked Sendable {
    typealias Element = Subject.Observer.Element

    private let token = ResourceToken(connectionKind)
    /// Kept for its lock; `attached` says whether this connection still owns it.
    private let adapter: ConnectableObservableAdapter<Subject>
    private var attached = true
    private var subscription: Disposable?
    private let subjectObserver: Subject.Observer
    private let disposed = Atomic<Bool>(false)

    init(parent: ConnectableObservableAdapter<Subject>, subjectObserver: Subject.Observer, subscription: Disposable) {
        self.adapter = parent
        self.subjectObserver = subjectObserver
        self.subscription = subscription
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    func on(_ event: Event<Element>) {
        if isDisposed { return }
        if event.isStopEvent { dispose() }
        subjectObserver.on(event)
    }

    func dispose() {
        adapter.lock.performLocked {
            disposed.store(true, ordering: .releasing)
            guard attached else { return }
            attached = false
            if adapter.connection === self {
                adapter.connection = nil
                adapter.subject = nil
            }
            subscription?.dispose()
            subscription = nil
        }
    }
}
