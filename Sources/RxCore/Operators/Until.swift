private let skipUntilKind = ResourceKind("SkipUntil", .observable)
private let skipUntilSinkKind = ResourceKind("SkipUntilSink", .sink)
private let skipUntilOtherKind = ResourceKind("SkipUntilSinkOther", .sink)
private let takeUntilKind = ResourceKind("TakeUntil", .observable)
private let takeUntilSinkKind = ResourceKind("TakeUntilSink", .sink)
private let takeUntilOtherKind = ResourceKind("TakeUntilSinkOther", .sink)

extension ObservableType {
    /// `skip(until:)` and `take(until:)`: the source's elements pass a gate
    /// that `other`'s first element opens (`skip`) or that is open until it
    /// completes the sequence (`take`).
    func until<Other>(_ role: SkipOrTake, _ other: Observable<Other>) -> Observable<Element> {
        switch role {
        case .skip:
            BinaryProducer(Until(role: role), asObservable(), other, kind: skipUntilKind, name: "skip(until:)")
        case .take:
            BinaryProducer(Until(role: role), asObservable(), other, kind: takeUntilKind, name: "take(until:)")
        }
    }
}

struct Until<Element, Other>: BinaryOperator {
    let role: SkipOrTake

    func run<Observer: ObserverType>(
        _ source: Observable<Element>, _ other: Observable<Other>, _ observer: Observer, cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = UntilSink<Other, Observer>(role, observer: observer, cancel: cancel)
        return (sink, sink.run(source: source, other: other))
    }
}

final class UntilSink<Other, Observer: ObserverType>: GateSink<Observer>, ObserverType {
    typealias Element = Observer.Element

    init(_ role: SkipOrTake, observer: Observer, cancel: Cancelable) {
        super.init(role, observer: observer, cancel: cancel, skipKind: skipUntilSinkKind, takeKind: takeUntilSinkKind)
    }

    /// As in RxSwift, `skip` subscribes the source first and `take` subscribes `other` first.
    func run(source: Observable<Element>, other: Observable<Other>) -> Disposable {
        let otherObserver = UntilSinkOther(sink: self)
        switch role {
        case .skip:
            let sourceSubscription = SingleAssignmentDisposable()
            sourceSubscription.setDisposable(source.subscribe(self))
            otherObserver.subscription.setDisposable(other.subscribe(otherObserver))
            return Disposables.create(sourceSubscription, otherObserver.subscription)
        case .take:
            otherObserver.subscription.setDisposable(other.subscribe(otherObserver))
            return Disposables.create(source.subscribe(self), otherObserver.subscription)
        }
    }

    func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next:
                if isOpen { forwardOn(event) }
            case .error:
                forwardOn(event)
                dispose()
            case .completed:
                if isOpen { forwardOn(event) }
                dispose()
            }
        }
    }
}

/// Listens to `other` for an ``UntilSink``.
final class UntilSinkOther<Other, Observer: ObserverType>: ObserverType, NamedByResourceKind {
    private let token: ResourceToken
    private let sink: UntilSink<Other, Observer>
    let subscription = SingleAssignmentDisposable()

    init(sink: UntilSink<Other, Observer>) {
        self.sink = sink
        switch sink.role {
        case .skip: token = ResourceToken(skipUntilOtherKind)
        case .take: token = ResourceToken(takeUntilOtherKind)
        }
    }

    func on(_ event: Event<Other>) {
        sink.lock.performLocked {
            switch event {
            case .next:
                sink.momentHasCome()
                subscription.dispose()
            case .error(let error):
                sink.forwardOn(.error(error))
                sink.dispose()
            case .completed:
                subscription.dispose()
            }
        }
    }
}
