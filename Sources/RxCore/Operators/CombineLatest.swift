/// A `combineLatest` source's latest element: kept until the next replaces it.
///
/// Boxed rather than an `Element?`: copying an optional of a generic type
/// looks up its metadata, for every element; the box's layout is fixed.
struct LatestElement<Element>: ElementBuffer {
    private var latest: ElementBox<Element>?

    static var keepsElements: Bool { true }

    var hasElement: Bool { latest != nil }

    mutating func store(_ element: Element) {
        if let latest { latest.element = element } else { latest = ElementBox(element) }
    }

    func take() -> Element { latest.unsafelyUnwrapped.element }
}

extension ObservableType {
    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element,
        site: CallSite
    ) -> Observable<Element> where Collection.Element: ObservableType {
        ClosureSites.note(resultSelector, "combineLatest", site)
        return CombiningCollection(
            .combineLatest, sources: collection.map { $0.asObservable() }, resultSelector: resultSelector, site: site)
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        site: CallSite
    ) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        CombiningCollection(
            .combineLatest, sources: collection.map { $0.asObservable() }, resultSelector: { $0 }, site: site)
    }
}
