// combineLatest of a collection of infallible sequences: the observable
// operator, which cannot fail when no source can. The forms of two to eight
// sources are generated: Infallible+Arity.generated.swift.

extension InfallibleType {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Infallible<Element> where Collection.Element: InfallibleType {
        combineLatest(collection, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element,
        site: CallSite
    ) -> Infallible<Element> where Collection.Element: InfallibleType {
        Infallible(
            Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector, site: site))
    }

    /// Once every source has sent an element, sends the array of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Infallible<[Element]> where Collection.Element: InfallibleType, Collection.Element.Element == Element {
        combineLatest(collection, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        site: CallSite
    ) -> Infallible<[Element]> where Collection.Element: InfallibleType, Collection.Element.Element == Element {
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }, site: site))
    }
}
