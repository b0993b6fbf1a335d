private let andThenKind = ResourceKind("AndThen", .observable)
private let andThenSinkKind = ResourceKind("AndThenSink", .sink)

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Once this completes, subscribes to `second` and ends as it does; an
    /// error from this ends the result without subscribing to `second`.
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        Single(raw: andThen(second.source))
    }

    /// Once this completes, subscribes to `second` and ends as it does.
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: andThen(second.source))
    }

    /// Once this completes, subscribes to `second` and ends as it does.
    public func andThen(_ second: Completable) -> Completable {
        Completable(raw: andThen(second.source))
    }

    /// Once this completes, subscribes to `second` and passes on its events.
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        BinaryProducer(AndThen<Element>(), primitiveSequence.source, second, kind: andThenKind, name: "andThen")
    }
}

struct AndThen<Element>: BinaryOperator {
    func run<Observer: ObserverType>(
        _ completable: Observable<Never>, _ second: Observable<Element>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = AndThenSink(second: second, observer: observer, cancel: cancel)
        return (sink, sink.run(completable))
    }
}

final class AndThenSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    private let second: Observable<Observer.Element>
    /// The completable's subscription, then the second sequence's.
    private let subscription = SerialDisposable()

    init(second: Observable<Observer.Element>, observer: Observer, cancel: Cancelable) {
        self.second = second
        super.init(observer: observer, cancel: cancel, kind: andThenSinkKind)
    }

    func run(_ completable: Observable<Never>) -> Disposable {
        let first = SingleAssignmentDisposable()
        subscription.disposable = first
        first.setDisposable(completable.subscribe(self))
        return subscription
    }

    func on(_ event: Event<Never>) {
        switch event {
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            subscription.disposable = second.subscribe(
                AnyObserver { event in
                    self.forwardOn(event)
                    if event.isStopEvent { self.dispose() }
                })
        }
    }
}
