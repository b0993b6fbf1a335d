private let takeUntilPredicateKind = ResourceKind("TakeUntilPredicate", .observable)
private let takeUntilPredicateSinkKind = ResourceKind("TakeUntilPredicateSink", .sink)

/// Whether `take(until:)` and `take(while:)` also pass on the element that ends them.
public enum TakeBehavior: Sendable {
    /// The element that ends the sequence is passed on before completion.
    case inclusive
    /// The element that ends the sequence is dropped.
    case exclusive
}

extension ObservableType {
    /// `take` with the site its public form takes from its caller.
    @usableFromInline
    func take(
        until predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive,
        site: CallSite
    ) -> Observable<Element> {
        take(predicate, stopsOn: true, behavior: behavior, site: site)
    }

    /// `take` with the site its public form takes from its caller.
    @usableFromInline
    func take(
        while predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive,
        site: CallSite
    ) -> Observable<Element> {
        take(predicate, stopsOn: false, behavior: behavior, site: site)
    }
}

extension ObservableType {
    /// `take(until:)` and `take(while:)`: the user's predicate is kept as given
    /// (RxSwift wraps `while` in a negating closure), so the leak engine sees the
    /// closure the user wrote; `stopsOn` is the predicate result that ends the sequence.
    private func take(
        _ predicate: @escaping (Element) throws -> Bool, stopsOn: Bool, behavior: TakeBehavior, site: CallSite
    ) -> Observable<Element> {
        let name = stopsOn ? "take(until:)" : "take(while:)"
        ClosureSites.note(predicate, name, site)
        return UnaryProducer(
            TakeUntilPredicate(predicate: predicate, stopsOn: stopsOn, behavior: behavior, site: site),
            source: asObservable(), kind: takeUntilPredicateKind, name: name)
    }
}

struct TakeUntilPredicate<Element>: SinkOperator {
    typealias SourceElement = Element

    let predicate: (Element) throws -> Bool
    let stopsOn: Bool
    let behavior: TakeBehavior
    let site: CallSite

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<Element> where Observer.Element == Element {
        TakeUntilPredicateSink(
            predicate: predicate, site: site, stopsOn: stopsOn, behavior: behavior, observer: observer, cancel: cancel)
    }
}

final class TakeUntilPredicateSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Predicate = (Element) throws -> Bool

    /// The user's closure, and where it was handed to `take(until:)` or `take(while:)`.
    let predicate: Predicate
    let site: CallSite
    private let stopsOn: Bool
    private let behavior: TakeBehavior
    private var running = true

    init(
        predicate: @escaping Predicate, site: CallSite, stopsOn: Bool, behavior: TakeBehavior, observer: Observer,
        cancel: Cancelable
    ) {
        self.predicate = predicate
        self.site = site
        self.stopsOn = stopsOn
        self.behavior = behavior
        super.init(observer: observer, cancel: cancel, kind: takeUntilPredicateSinkKind)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            guard running else { return }
            do {
                running = try predicate(element) != stopsOn
            } catch {
                forwardError(error)
                return
            }
            if running {
                forwardOn(event)
            } else {
                if behavior == .inclusive { forwardOn(event) }
                forwardOn(.completed)
                dispose()
            }
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}

extension ObservableType {
    /// `takeWhile` with the site its public form takes from its caller.
    @usableFromInline
    func takeWhile(
        _ predicate: @escaping (Element) throws -> Bool,
        site: CallSite
    ) -> Observable<Element> {
        take(while: predicate, site: site)
    }
}
