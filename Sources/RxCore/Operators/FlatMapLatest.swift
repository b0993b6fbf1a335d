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
