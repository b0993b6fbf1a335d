private let flatMapLatestSinkKind = ResourceKind("FlatMapLatestSink", .sink)

extension ObservableType {
    /// `flatMapLatest` with the site its public form takes from its caller.
    @usableFromInline
    func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        site: CallSite
    ) -> Observable<Source.Element> {
        ClosureSites.note(selector, "flatMapLatest", site)
        return FlatMap(source: asObservable(), selector: selector, site: site, strategy: .latest)
    }
}

final class FlatMapLatestSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    SwitchSink<SourceElement, SourceSequence, Observer>
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence

    /// The user's closure, and where it was handed to `flatMapLatest`.
    let selector: Selector
    let site: CallSite

    init(selector: @escaping Selector, site: CallSite, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        self.site = site
        super.init(observer: observer, cancel: cancel, kind: flatMapLatestSinkKind)
    }

    override func performMap(_ element: SourceElement) throws -> SourceSequence {
        try selector(element)
    }
}
