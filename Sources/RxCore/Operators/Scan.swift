private let scanKind = ResourceKind("Scan", .observable)
private let scanSinkKind = ResourceKind("ScanSink", .sink)

extension ObservableType {
    /// `scan` with the site its public form takes from its caller.
    @usableFromInline
    func scan<A>(
        into seed: A,
        accumulator: @escaping (inout A, Element) throws -> Void,
        site: CallSite
    ) -> Observable<A> {
        ClosureSites.note(accumulator, "scan", site)
        return UnaryProducer(
            Scan(seed: seed, accumulator: accumulator, site: site), source: asObservable(), kind: scanKind, name: "scan"
        )
    }

    /// `scan` with the site its public form takes from its caller.
    @usableFromInline
    func scan<A>(
        _ seed: A,
        accumulator: @escaping (A, Element) throws -> A,
        site: CallSite
    ) -> Observable<A> {
        ClosureSites.note(accumulator, "scan", site)
        let accumulateInPlace: (inout A, Element) throws -> Void = { accumulate, element in
            accumulate = try accumulator(accumulate, element)
        }
        return UnaryProducer(
            Scan(seed: seed, accumulator: accumulateInPlace, site: site), source: asObservable(), kind: scanKind,
            name: "scan")
    }
}

struct Scan<SourceElement, Element>: SinkOperator {
    let seed: Element
    /// The user's closure, and where it was handed to `scan`.
    let accumulator: (inout Element, SourceElement) throws -> Void
    let site: CallSite

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<SourceElement> where Observer.Element == Element {
        ScanSink(seed: seed, accumulator: accumulator, site: site, observer: observer, cancel: cancel)
    }
}

/// `Accumulate` is `Observer.Element` named as a parameter of its own, so the
/// sink finds its metadata among its generic arguments rather than looking
/// up an associated type for every element.
final class ScanSink<SourceElement, Accumulate, Observer: ObserverType>: Sink<Observer>, ElementSink
where Observer.Element == Accumulate {
    typealias Accumulator = (inout Accumulate, SourceElement) throws -> Void

    /// The user's closure, and where it was handed to `scan`.
    let accumulator: Accumulator
    let site: CallSite
    /// Unchecked: events come one at a time, and the user's closure gets the
    /// value `inout` without reaching the sink.
    @exclusivity(unchecked) private var accumulate: Accumulate

    init(seed: Accumulate, accumulator: @escaping Accumulator, site: CallSite, observer: Observer, cancel: Cancelable) {
        self.accumulate = seed
        self.accumulator = accumulator
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: scanSinkKind)
    }

    func onNext(_ element: SourceElement) {
        do {
            try accumulator(&accumulate, element)
            forwardNext(accumulate)
        } catch {
            forwardError(error)
        }
    }
}
