/// A `zip` source's elements not yet paired, oldest first.
struct QueuedElements<Element>: ElementBuffer {
    private var queue = Queue<Element>()

    static var keepsElements: Bool { false }

    var hasElement: Bool { !queue.isEmpty }

    mutating func store(_ element: Element) { queue.enqueue(element) }

    mutating func take() -> Element { queue.dequeue()! }
}

extension ObservableType {
    /// Pairs the sources' elements by position: sends `resultSelector` of
    /// every source's n-th element once all have sent their n-th, queueing the
    /// elements of faster sources. Completes when all have completed; fails
    /// with the first error of any.
    @_transparent
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        zip(collection, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element,
        site: CallSite
    ) -> Observable<Element> where Collection.Element: ObservableType {
        ClosureSites.note(resultSelector, "zip", site)
        return CombiningCollection(.zip, sources: collection.map { $0.asObservable() }, resultSelector: resultSelector, site: site)
    }

    /// Pairs the sources' elements by position: sends the array of every
    /// source's n-th element once all have sent their n-th.
    @_transparent
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        zip(collection, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        site: CallSite
    ) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        CombiningCollection(.zip, sources: collection.map { $0.asObservable() }, resultSelector: { $0 }, site: site)
    }
}

extension ObservableType {
    /// Pairs the sources' elements by position: sends `resultSelector` of
    /// every source's n-th element once all have sent their n-th, queueing the
    /// elements of faster sources. Completes when all have completed; fails
    /// with the first error of any.
    @_transparent
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        zip(source1, source2, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(resultSelector, "zip", site)
        return Combining2(.zip, source1.asObservable(), source2.asObservable(), resultSelector: resultSelector, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Pairs the sources' elements by position: sends a tuple of every
    /// source's n-th element once all have sent their n-th.
    @_transparent
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1,
        _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        zip(source1, source2, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        site: CallSite
    ) -> Observable<(O1.Element, O2.Element)> {
        Combining2(.zip, source1.asObservable(), source2.asObservable(), resultSelector: { ($0, $1) }, site: site)
    }
}

extension ObservableType {
    /// Pairs the sources' elements by position: sends `resultSelector` of
    /// every source's n-th element once all have sent their n-th, queueing the
    /// elements of faster sources. Completes when all have completed; fails
    /// with the first error of any.
    @_transparent
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        zip(source1, source2, source3, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(resultSelector, "zip", site)
        return Combining3(.zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Pairs the sources' elements by position: sends a tuple of every
    /// source's n-th element once all have sent their n-th.
    @_transparent
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        zip(source1, source2, source3, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        site: CallSite
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        Combining3(.zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: { ($0, $1, $2) }, site: site)
    }
}

extension ObservableType {
    /// Pairs the sources' elements by position: sends `resultSelector` of
    /// every source's n-th element once all have sent their n-th, queueing the
    /// elements of faster sources; fails with the first error of any.
    @_transparent
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        zip(source1, source2, source3, source4, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element,
        site: CallSite
    ) -> Observable<Element> {
        ClosureSites.note(resultSelector, "zip", site)
        return Combining4(.zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector: resultSelector, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Pairs the sources' elements by position: sends a tuple of every
    /// source's n-th element once all have sent their n-th.
    @_transparent
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        zip(source1, source2, source3, source4, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        site: CallSite
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        Combining4(.zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector: { ($0, $1, $2, $3) }, site: site)
    }
}

extension ObservableType {
    /// Pairs the sources' elements by position: sends `resultSelector` of
    /// every source's n-th element once all have sent their n-th, queueing the
    /// elements of faster sources; fails with the first error of any.
    @_transparent
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        zip(source1, source2, source3, source4, source5, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element,
        site: CallSite
    ) -> Observable<Element> {
        CombiningVariadic(.zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), resultSelector: resultSelector, notes: true, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Pairs the sources' elements by position: sends a tuple of every
    /// source's n-th element once all have sent their n-th.
    @_transparent
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        zip(source1, source2, source3, source4, source5, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        site: CallSite
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
        CombiningVariadic(.zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), resultSelector: { ($0, $1, $2, $3, $4) }, notes: false, site: site)
    }
}
extension ObservableType {
    /// Pairs the sources' elements by position: sends `resultSelector` of
    /// every source's n-th element once all have sent their n-th, queueing the
    /// elements of faster sources; fails with the first error of any.
    @_transparent
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
    ) -> Observable<Element> {
        zip(source1, source2, source3, source4, source5, source6, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element,
        site: CallSite
    ) -> Observable<Element> {
        CombiningVariadic(.zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector: resultSelector, notes: true, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Pairs the sources' elements by position: sends a tuple of every
    /// source's n-th element once all have sent their n-th.
    @_transparent
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        zip(source1, source2, source3, source4, source5, source6, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        site: CallSite
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
        CombiningVariadic(.zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector: { ($0, $1, $2, $3, $4, $5) }, notes: false, site: site)
    }
}
extension ObservableType {
    /// Pairs the sources' elements by position: sends `resultSelector` of
    /// every source's n-th element once all have sent their n-th, queueing the
    /// elements of faster sources; fails with the first error of any.
    @_transparent
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws -> Element
    ) -> Observable<Element> {
        zip(source1, source2, source3, source4, source5, source6, source7, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
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
        CombiningVariadic(.zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector, notes: true, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Pairs the sources' elements by position: sends a tuple of every
    /// source's n-th element once all have sent their n-th.
    @_transparent
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        zip(source1, source2, source3, source4, source5, source6, source7, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        site: CallSite
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
        CombiningVariadic(.zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: { ($0, $1, $2, $3, $4, $5, $6) }, notes: false, site: site)
    }
}
extension ObservableType {
    /// Pairs the sources' elements by position: sends `resultSelector` of
    /// every source's n-th element once all have sent their n-th, queueing the
    /// elements of faster sources; fails with the first error of any.
    @_transparent
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
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
        zip(source1, source2, source3, source4, source5, source6, source7, source8, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
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
        CombiningVariadic(.zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), resultSelector: resultSelector, notes: true, site: site)
    }
}

extension ObservableType where Element == Any {
    /// Pairs the sources' elements by position: sends a tuple of every
    /// source's n-th element once all have sent their n-th.
    @_transparent
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        _ source5: O5,
        _ source6: O6,
        _ source7: O7,
        _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
        zip(source1, source2, source3, source4, source5, source6, source7, source8, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType>(
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
        CombiningVariadic(.zip, source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), resultSelector: { ($0, $1, $2, $3, $4, $5, $6, $7) }, notes: false, site: site)
    }
}
