private let refCountKind = ResourceKind("RefCount", .observable)
private let refCountSinkKind = ResourceKind("RefCountSink", .sink)

extension ConnectableObservableType {
    /// A sequence that connects the source when its first subscriber arrives
    /// and disconnects when the last one leaves or the source terminates.
    public func refCount() -> Observable<Element> {
        RefCount(source: self)
    }
}

final class RefCount<ConnectableSource: ConnectableObservableType>: Producer<ConnectableSource.Element> {
    typealias Element = ConnectableSource.Element

    let source: ConnectableSource
    /// Guards the connection state; recursive because connecting can deliver
    /// synchronously into a sink that then takes it again.
    let lock = RecursiveLock()
    var count = 0
    /// Counts connections, so a subscriber of an ended connection leaves the
    /// next one alone.
    var connectionID: Int64 = 0
    var connectableSubscription: Disposable?

    init(source: ConnectableSource) {
        self.source = source
        super.init(kind: refCountKind, chain: OperatorChain.applying("refCount", to: source.operatorChain))
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = RefCountSink(parent: self, observer: observer, cancel: cancel)
        return (sink, sink.run())
    }
}

final class RefCountSink<ConnectableSource: ConnectableObservableType, Observer: ObserverType>: Sink<Observer>,
    ObserverType
where ConnectableSource.Element == Observer.Element {
    typealias Element = Observer.Element

    private let parent: RefCount<ConnectableSource>
    private var connectionIDSnapshot: Int64 = -1

    init(parent: RefCount<ConnectableSource>, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel, kind: refCountSinkKind)
    }

    func run() -> Disposable {
        let subscription = parent.source.subscribe(self)
        return parent.lock.performLocked { () -> Disposable in
            connectionIDSnapshot = parent.connectionID
            if isDisposed { return Disposables.create() }
            if parent.count == 0 {
                parent.count = 1
                parent.connectableSubscription = parent.source.connect()
            } else {
                parent.count += 1
            }
            return Disposables.create { [self] in
                subscription.dispose()
                leave()
            }
        }
    }

    private func leave() {
        parent.lock.performLocked {
            guard parent.connectionID == connectionIDSnapshot else { return }
            if parent.count == 1 {
                parent.count = 0
                parent.connectableSubscription?.dispose()
                parent.connectableSubscription = nil
            } else {
                precondition(parent.count > 1, "RefCount disposed more subscribers than it counted")
                parent.count -= 1
            }
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .error, .completed:
            let connection = parent.lock.performLocked { () -> Disposable? in
                guard parent.connectionID == connectionIDSnapshot else { return nil }
                defer {
                    parent.count = 0
                    parent.connectionID &+= 1
                    parent.connectableSubscription = nil
                }
                return parent.connectableSubscription
            }
            connection?.dispose()
            forwardOn(event)
            dispose()
        }
    }
}
