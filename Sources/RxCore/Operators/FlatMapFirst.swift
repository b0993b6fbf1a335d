extension ObservableType {
    /// `flatMapFirst` with the site its public form takes from its caller.
    @usableFromInline
    func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        site: CallSite
    ) -> Observable<Source.Element> {
        ClosureSites.note(selector, "flatMapFirst", site)
        return FlatMap(source: asObservable(), selector: selector, site: site, strategy: .firstOnly)
    }
}
