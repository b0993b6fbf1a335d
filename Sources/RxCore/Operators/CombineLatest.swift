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
        return CombiningCollection(.combineLatest, sources: collection.map { $0.asObservable() }, resultSelector: resultSelector, site: site)
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
        CombiningCollection(.combineLatest, sources: collection.map { $0.asObservable() }, resultSelector: { $0 }, site: site)
    }
}

extension ObservableType {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one. Completes when
    /// all have completed, or when the others have completed and one never
    /// sent an element; fails with the first error of any.
    @_transparent
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest(source1, source2, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(resultSelector, "combineLatest", site)
        return Combining2(.combineLatest, source1.asObservable(), source2.asObservable(), resultSelector: resultSelector, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1,
        _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        combineLatest(source1, source2, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        site: CallSite
    ) -> Observable<(O1.Element, O2.Element)> {
        Combining2(.combineLatest, source1.asObservable(), source2.asObservable(), resultSelector: { ($0, $1) }, site: site)
    }
}

extension ObservableType {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one. Completes when
    /// all have completed, or when the others have completed and one never
    /// sent an element; fails with the first error of any.
    @_transparent
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest(source1, source2, source3, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(resultSelector, "combineLatest", site)
        return Combining3(.combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        combineLatest(source1, source2, source3, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        site: CallSite
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        Combining3(.combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: { ($0, $1, $2) }, site: site)
    }
}

extension ObservableType {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one. Completes when
    /// all have completed, or when the others have completed and one never
    /// sent an element; fails with the first error of any.
    @_transparent
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest(source1, source2, source3, source4, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(resultSelector, "combineLatest", site)
        return Combining4(.combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector: resultSelector, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        combineLatest(source1, source2, source3, source4, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        site: CallSite
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        Combining4(.combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector: { ($0, $1, $2, $3) }, site: site)
    }
}

extension ObservableType {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one. Completes when
    /// all have completed, or when the others have completed and one never
    /// sent an element; fails with the first error of any.
    @_transparent
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest(source1, source2, source3, source4, source5, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element,
        site: CallSite
    ) -> Observable<Element> {
        CombiningVariadic(.combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), resultSelector: resultSelector, notes: true, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        combineLatest(source1, source2, source3, source4, source5, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        site: CallSite
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        CombiningVariadic(.combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), resultSelector: { ($0, $1, $2, $3, $4) }, notes: false, site: site)
    }
}
extension ObservableType {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one. Completes when
    /// all have completed, or when the others have completed and one never
    /// sent an element; fails with the first error of any.
    @_transparent
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest(source1, source2, source3, source4, source5, source6, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element,
        site: CallSite
    ) -> Observable<Element> {
        CombiningVariadic(.combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector: resultSelector, notes: true, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        combineLatest(source1, source2, source3, source4, source5, source6, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        site: CallSite
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        CombiningVariadic(.combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector: { ($0, $1, $2, $3, $4, $5) }, notes: false, site: site)
    }
}
extension ObservableType {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one. Completes when
    /// all have completed, or when the others have completed and one never
    /// sent an element; fails with the first error of any.
    @_transparent
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest(source1, source2, source3, source4, source5, source6, source7, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws -> Element,
        site: CallSite
    ) -> Observable<Element> {
        CombiningVariadic(.combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector, notes: true, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        combineLatest(source1, source2, source3, source4, source5, source6, source7, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        site: CallSite
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        CombiningVariadic(.combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: { ($0, $1, $2, $3, $4, $5, $6) }, notes: false, site: site)
    }
}
extension ObservableType {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one. Completes when
    /// all have completed, or when the others have completed and one never
    /// sent an element; fails with the first error of any.
    @_transparent
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        _ source8: O8,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) throws -> Element
    ) -> Observable<Element> {
        combineLatest(source1, source2, source3, source4, source5, source6, source7, source8, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        _ source8: O8,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) throws -> Element,
        site: CallSite
    ) -> Observable<Element> {
        CombiningVariadic(.combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), resultSelector: resultSelector, notes: true, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
        combineLatest(source1, source2, source3, source4, source5, source6, source7, source8, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        _ source8: O8,
        site: CallSite
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
        CombiningVariadic(.combineLatest, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), resultSelector: { ($0, $1, $2, $3, $4, $5, $6, $7) }, notes: false, site: site)
    }
}
