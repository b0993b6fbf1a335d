private let withLatestFromKind = ResourceKind("WithLatestFrom", .observable)
private let withLatestFromSinkKind = ResourceKind("WithLatestFromSink", .sink)

extension ObservableType {
    /// `withLatestFrom` with the site its public form takes from its caller.
    @usableFromInline
    func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType,
        site: CallSite
    ) -> Observable<ResultType> {
        ClosureSites.note(resultSelector, "withLatestFrom", site)
        return BinaryProducer(
            WithLatestFrom(resultSelector: resultSelector, site: site), asObservable(), second.asObservable(),
            kind: withLatestFromKind, name: "withLatestFrom")
    }

    /// `withLatestFrom` with the site its public form takes from its caller.
    @usableFromInline
    func withLatestFrom<Source: ObservableConvertibleType>(
        _ second: Source,
        site: CallSite
    ) -> Observable<Source.Element> {
        BinaryProducer(
            WithLatestFrom(resultSelector: { $1 }, site: site), asObservable(), second.asObservable(),
            kind: withLatestFromKind, name: "withLatestFrom")
    }
}

struct WithLatestFrom<FirstElement, SecondElement, Element>: BinaryOperator {
    let resultSelector: (FirstElement, SecondElement) throws -> Element
    let site: CallSite

    func run<Observer: ObserverType>(
        _ first: Observable<FirstElement>, _ second: Observable<SecondElement>, _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = WithLatestFromSink(resultSelector: resultSelector, site: site, observer: observer, cancel: cancel)
        return (sink, sink.run(first: first, second: second))
    }
}

final class WithLatestFromSink<FirstElement, SecondElement, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias ResultSelector = (FirstElement, SecondElement) throws -> Observer.Element

    /// The user's closure (or the built-in one that keeps the second
    /// element), and where it was handed to `withLatestFrom`.
    let resultSelector: ResultSelector
    let site: CallSite
    private let lock = RecursiveLock()
    private var latest: SecondElement?

    init(resultSelector: @escaping ResultSelector, site: CallSite, observer: Observer, cancel: Cancelable) {
        self.resultSelector = resultSelector
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: withLatestFromSinkKind)
    }

    /// Subscribes the second sequence first, so that a second sequence that
    /// sends while subscribed (a `BehaviorSubject`) is ready for the first.
    func run(first: Observable<FirstElement>, second: Observable<SecondElement>) -> Disposable {
        let secondSubscription = SingleAssignmentDisposable()
        secondSubscription.setDisposable(
            second.subscribe(WithLatestFromSecond(parent: self, subscription: secondSubscription)))
        let firstSubscription = first.subscribe(self)
        return Disposables.create(firstSubscription, secondSubscription)
    }

    func on(_ event: Event<FirstElement>) {
        lock.performLocked {
            switch event {
            case .next(let element):
                guard let latest else { return }
                do {
                    forwardOn(.next(try resultSelector(element, latest)))
                } catch {
                    forwardError(error)
                }
            case .completed:
                forwardOn(.completed)
                dispose()
            case .error(let error):
                forwardError(error)
            }
        }
    }

    fileprivate func secondOn(_ event: Event<SecondElement>, subscription: Disposable) {
        lock.performLocked {
            switch event {
            case .next(let element):
                latest = element
            case .completed:
                subscription.dispose()
            case .error(let error):
                forwardError(error)
            }
        }
    }
}

/// Receives the second sequence's events for its ``WithLatestFromSink``.
final class WithLatestFromSecond<FirstElement, SecondElement, Observer: ObserverType>: ObserverType {
    private let parent: WithLatestFromSink<FirstElement, SecondElement, Observer>
    private let subscription: Disposable

    init(parent: WithLatestFromSink<FirstElement, SecondElement, Observer>, subscription: Disposable) {
        self.parent = parent
        self.subscription = subscription
    }

    func on(_ event: Event<SecondElement>) {
        parent.secondOn(event, subscription: subscription)
    }
}
