private let compactMapKind = ResourceKind("CompactMap", .observable)
private let compactMapSinkKind = ResourceKind("CompactMapSink", .sink)

extension ObservableType {
    /// `compactMap` with the site its public form takes from its caller.
    @usableFromInline
    func compactMap<Result>(
        _ transform: @escaping (Element) throws -> Result?,
        site: CallSite
    ) -> Observable<Result> {
        ClosureSites.note(transform, "compactMap", site)
        return UnaryProducer(
            CompactMap(transform: transform, site: site), source: asObservable(), kind: compactMapKind,
            name: "compactMap")
    }
}

struct CompactMap<SourceElement, Element>: SinkOperator {
    let transform: (SourceElement) throws -> Element?
    let site: CallSite

    func makeSink<Observer: ObserverType>(
        _ observer: Observer, cancel: Cancelable
    ) -> any Sink<Observer> & ObserverType<SourceElement> where Observer.Element == Element {
        CompactMapSink<SourceElement, Element?, Observer>(
            transform: transform, site: site, observer: observer, cancel: cancel)
    }
}

/// `MaybeResult` is `Optional<Observer.Element>` named as a parameter of its
/// own: unwrapping a `Result?` in generic code would look up `Optional<Result>`'s
/// metadata (and `Result` as an associated type) for every element.
final class CompactMapSink<SourceElement, MaybeResult: OptionalValue, Observer: ObserverType>: Sink<Observer>,
    ElementSink
where Observer.Element == MaybeResult.Wrapped {
    typealias Transform = (SourceElement) throws -> MaybeResult

    /// The user's closure, and where it was handed to `compactMap`.
    let transform: Transform
    let site: CallSite

    init(transform: @escaping Transform, site: CallSite, observer: Observer, cancel: Cancelable) {
        self.transform = transform
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: compactMapSinkKind)
    }

    func onNext(_ element: SourceElement) {
        do {
            try transform(element).ifSome { forwardNext($0) }
        } catch {
            forwardError(error)
        }
    }
}

/// An optional seen through a protocol, so that generic code holding one as a
/// type parameter unwraps it without asking the runtime for its metadata.
protocol OptionalValue<Wrapped> {
    associatedtype Wrapped
    /// Calls `body` with the wrapped value, if there is one.
    func ifSome(_ body: (Wrapped) throws -> Void) rethrows
}

extension Optional: OptionalValue {
    func ifSome(_ body: (Wrapped) throws -> Void) rethrows {
        if case .some(let value) = self { try body(value) }
    }
}
