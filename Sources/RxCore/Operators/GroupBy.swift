private let groupByKind = ResourceKind("GroupBy", .observable)
private let groupBySinkKind = ResourceKind("GroupBySink", .sink)
private let groupKind = ResourceKind("Group", .observable)

extension ObservableType {
    /// `groupBy` with the site its public form takes from its caller.
    @usableFromInline
    func groupBy<Key: Hashable>(
        keySelector: @escaping (Element) throws -> Key,
        site: CallSite
    ) -> Observable<GroupedObservable<Key, Element>> {
        ClosureSites.note(keySelector, "groupBy", site)
        return UnaryProducer(
            GroupBy(keySelector: keySelector, site: site), source: asObservable(), kind: groupByKind, name: "groupBy")
    }
}

/// The elements of one key of ``ObservableType/groupBy(keySelector:)``.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key every element of this group has.
    public let key: Key
    private let source: Observable<Element>

    /// A group of `key` whose elements are those of `source`.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        source.subscribe(observer)
    }

    public func asObservable() -> Observable<Element> { source }
}

struct GroupBy<Key: Hashable, SourceElement>: UnaryOperator {
    typealias Element = GroupedObservable<Key, SourceElement>

    let keySelector: (SourceElement) throws -> Key
    let site: CallSite

    func run<Observer: ObserverType>(
        _ source: Observable<SourceElement>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = GroupBySink(keySelector: keySelector, site: site, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

final class GroupBySink<Key: Hashable, Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == GroupedObservable<Key, Element> {
    typealias KeySelector = (Element) throws -> Key

    /// The user's closure, and where it was handed to `groupBy`.
    let keySelector: KeySelector
    let site: CallSite
    private let subscription: SingleAssignmentDisposable
    /// Holds the source's subscription for this sequence and every group subscribed.
    private let references: RefCountDisposable
    private var groups: [Key: PublishSubject<Element>] = [:]

    init(keySelector: @escaping KeySelector, site: CallSite, observer: Observer, cancel: Cancelable) {
        self.keySelector = keySelector
        self.site = site
        let subscription = SingleAssignmentDisposable()
        self.subscription = subscription
        self.references = RefCountDisposable(disposable: subscription)
        super.init(observer: observer, cancel: cancel, kind: groupBySinkKind)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        subscription.setDisposable(source.subscribe(self))
        return references
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            do {
                send(element, key: try keySelector(element))
            } catch {
                end(error)
            }
        case .error(let error):
            end(error)
        case .completed:
            end(nil)
        }
    }

    private func send(_ element: Element, key: Key) {
        if let group = groups[key] {
            group.on(.next(element))
            return
        }
        let group = PublishSubject<Element>()
        groups[key] = group
        forwardNext(GroupedObservable(key: key, source: Group(subject: group, references: references)))
        group.on(.next(element))
    }

    /// Ends every group and this sequence with `error`, or completion.
    private func end(_ error: Swift.Error?) {
        for group in groups.values { group.on(error.map { .error($0) } ?? .completed) }
        forwardOn(error.map { .error($0) } ?? .completed)
        subscription.dispose()
        dispose()
    }
}

/// One group's sequence: its subject, holding the source's subscription
/// while subscribed.
final class Group<Element>: Observable<Element> {
    private let subject: PublishSubject<Element>
    private let references: RefCountDisposable

    init(subject: PublishSubject<Element>, references: RefCountDisposable) {
        self.subject = subject
        self.references = references
        super.init(kind: groupKind, chain: OperatorChain.applying("group", to: subject.chain))
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let release = references.retain()
        return Disposables.create(release, subject.subscribe(observer))
    }
}
