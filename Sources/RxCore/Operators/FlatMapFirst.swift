extension ObservableType {
    /// Maps an element to an inner sequence with `selector` and passes on its
    /// elements, dropping the source's elements that arrive while that inner
    /// sequence is active; completes when the source and the active inner
    /// sequence have completed.
    @_transparent
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        flatMapFirst(selector, site: .here())
    }

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
