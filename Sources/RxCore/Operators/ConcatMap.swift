extension ObservableType {
    /// `concatMap` with the site its public form takes from its caller.
    @usableFromInline
    func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        site: CallSite
    ) -> Observable<Source.Element> {
        ClosureSites.note(selector, "concatMap", site)
        return FlatMap(source: asObservable(), selector: selector, site: site, strategy: .concat)
    }
}
