private let reduceKind = ResourceKind("Reduce", .observable)
private let reduceSinkKind = ResourceKind("ReduceSink", .sink)

extension ObservableType {
    /// `reduce` with the site its public form takes from its caller.
    @usableFromInline
    func reduce<A, Result>(
        _ seed: A,
        accumulator: @escaping (A, Element) throws -> A,
        mapResult: @escaping (A) throws -> Result,
        site: CallSite
    ) -> Observable<Result> {
        ClosureSites.note(accumulator, "reduce", site)
        ClosureSites.note(mapResult, "reduce(mapResult:)", site)
        return UnaryProducer(
            Reduce(seed: seed, accumulator: accumulator, mapResult: mapResult, site: site), source: asObservable(),
            kind: reduceKind, name: "reduce")
    }

    /// `reduce` with the site its public form takes from its caller.
    @usableFromInline
    func reduce<A>(
        _ seed: A,
        accumulator: @escaping (A, Element) throws -> A,
        site: CallSite
    ) -> Observable<A> {
        ClosureSites.note(accumulator, "reduce", site)
        return UnaryProducer(
            Reduce(seed: seed, accumulator: accumulator, mapResult: { $0 }, site: site), source: asObservable(),
            kind: reduceKind, name: "reduce")
    }
}

struct Reduce<SourceElement, Accumulate, Element>: SinkOperator {
    let seed: Accumulate
    /// The user's closures, and where they were handed to `reduce`.
    let accumulator: (Accumulate, SourceElement) throws -> Accumulate
    let mapResult: (Accumulate) throws -> Element
    let site: CallSite

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<SourceElement> where Observer.Element == Element {
        ReduceSink(
            seed: seed, accumulator: accumulator, mapResult: mapResult, site: site, observer: observer, cancel: cancel)
    }
}

final class ReduceSink<SourceElement, Accumulate, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Accumulator = (Accumulate, SourceElement) throws -> Accumulate
    typealias ResultSelector = (Accumulate) throws -> Observer.Element

    /// The user's closures, and where they were handed to `reduce`.
    let accumulator: Accumulator
    let mapResult: ResultSelector
    let site: CallSite
    private var accumulation: Accumulate

    init(
        seed: Accumulate, accumulator: @escaping Accumulator, mapResult: @escaping ResultSelector,
        site: CallSite, observer: Observer, cancel: Cancelable
    ) {
        self.accumulation = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: reduceSinkKind)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            do {
                accumulation = try accumulator(accumulation, element)
            } catch {
                forwardError(error)
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            do {
                let result = try mapResult(accumulation)
                forwardOn(.next(result))
                forwardOn(.completed)
                dispose()
            } catch {
                forwardError(error)
            }
        }
    }
}
