extension ObservableType {
    /// Maps an element to an inner sequence with `selector` and passes on its
    /// elements, dropping the source's elements that arrive while that inner
    /// sequence is active; completes when the source and the active inner
    /// sequence have completed.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Source.Element> {
        let site = CallSite(file: file, line: line)
        ClosureSites.note(selector, "flatMapFirst", site)
        return FlatMap(source: asObservable(), selector: selector, site: site, strategy: .firstOnly)
    }
}
