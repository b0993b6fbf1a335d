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
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one. Completes when
    /// all have completed, or when the others have completed and one never
    /// sent an element; fails with the first error of any.
    @_transparent
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        combineLatest(collection, resultSelector: resultSelector, site: .here())
    }

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

    /// Once every source has sent an element, sends the array of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        combineLatest(collection, site: .here())
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
