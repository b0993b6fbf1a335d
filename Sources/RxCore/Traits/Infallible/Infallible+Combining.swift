// combineLatest and zip of two to eight infallible sequences: the observable
// operators, which cannot fail when no source can.

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
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector, site: site))
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

extension Infallible {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        resultSelector: @escaping (I1.Element, I2.Element) throws -> Element
    ) -> Infallible<Element> {
        combineLatest(source1, source2, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        resultSelector: @escaping (I1.Element, I2.Element) throws -> Element,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension InfallibleType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
        _ source1: I1,
        _ source2: I2
    ) -> Infallible<(I1.Element, I2.Element)> {
        combineLatest(source1, source2, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        site: CallSite
    ) -> Infallible<(I1.Element, I2.Element)> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), site: site))
    }
}

extension InfallibleType {
    /// Sends `resultSelector` of the sources' elements paired by position;
    /// completes once every source has completed.
    @_transparent
    public static func zip<E1, E2>(
        _ source1: Infallible<E1>,
        _ source2: Infallible<E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> Infallible<Element> {
        zip(source1, source2, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2>(
        _ source1: Infallible<E1>,
        _ source2: Infallible<E2>,
        resultSelector: @escaping (E1, E2) throws -> Element,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension Infallible {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element) throws -> Element
    ) -> Infallible<Element> {
        combineLatest(source1, source2, source3, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element) throws -> Element,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension InfallibleType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3
    ) -> Infallible<(I1.Element, I2.Element, I3.Element)> {
        combineLatest(source1, source2, source3, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        site: CallSite
    ) -> Infallible<(I1.Element, I2.Element, I3.Element)> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), site: site))
    }
}

extension InfallibleType {
    /// Sends `resultSelector` of the sources' elements paired by position;
    /// completes once every source has completed.
    @_transparent
    public static func zip<E1, E2, E3>(
        _ source1: Infallible<E1>,
        _ source2: Infallible<E2>,
        _ source3: Infallible<E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> Infallible<Element> {
        zip(source1, source2, source3, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3>(
        _ source1: Infallible<E1>,
        _ source2: Infallible<E2>,
        _ source3: Infallible<E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension Infallible {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element) throws -> Element
    ) -> Infallible<Element> {
        combineLatest(source1, source2, source3, source4, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element) throws -> Element,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension InfallibleType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)> {
        combineLatest(source1, source2, source3, source4, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        site: CallSite
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), site: site))
    }
}

extension InfallibleType {
    /// Sends `resultSelector` of the sources' elements paired by position;
    /// completes once every source has completed.
    @_transparent
    public static func zip<E1, E2, E3, E4>(
        _ source1: Infallible<E1>,
        _ source2: Infallible<E2>,
        _ source3: Infallible<E3>,
        _ source4: Infallible<E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
    ) -> Infallible<Element> {
        zip(source1, source2, source3, source4, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3, E4>(
        _ source1: Infallible<E1>,
        _ source2: Infallible<E2>,
        _ source3: Infallible<E3>,
        _ source4: Infallible<E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension Infallible {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element) throws -> Element
    ) -> Infallible<Element> {
        combineLatest(source1, source2, source3, source4, source5, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element) throws -> Element,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension InfallibleType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)> {
        combineLatest(source1, source2, source3, source4, source5, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        site: CallSite
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), site: site))
    }
}

extension InfallibleType {
    /// Sends `resultSelector` of the sources' elements paired by position;
    /// completes once every source has completed.
    @_transparent
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: Infallible<E1>,
        _ source2: Infallible<E2>,
        _ source3: Infallible<E3>,
        _ source4: Infallible<E4>,
        _ source5: Infallible<E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
    ) -> Infallible<Element> {
        zip(source1, source2, source3, source4, source5, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3, E4, E5>(
        _ source1: Infallible<E1>,
        _ source2: Infallible<E2>,
        _ source3: Infallible<E3>,
        _ source4: Infallible<E4>,
        _ source5: Infallible<E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension Infallible {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element) throws -> Element
    ) -> Infallible<Element> {
        combineLatest(source1, source2, source3, source4, source5, source6, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element) throws -> Element,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension InfallibleType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)> {
        combineLatest(source1, source2, source3, source4, source5, source6, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        site: CallSite
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), site: site))
    }
}

extension InfallibleType {
    /// Sends `resultSelector` of the sources' elements paired by position;
    /// completes once every source has completed.
    @_transparent
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: Infallible<E1>,
        _ source2: Infallible<E2>,
        _ source3: Infallible<E3>,
        _ source4: Infallible<E4>,
        _ source5: Infallible<E5>,
        _ source6: Infallible<E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
    ) -> Infallible<Element> {
        zip(source1, source2, source3, source4, source5, source6, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: Infallible<E1>,
        _ source2: Infallible<E2>,
        _ source3: Infallible<E3>,
        _ source4: Infallible<E4>,
        _ source5: Infallible<E5>,
        _ source6: Infallible<E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension Infallible {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        _ source7: I7,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element) throws -> Element
    ) -> Infallible<Element> {
        combineLatest(source1, source2, source3, source4, source5, source6, source7, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        _ source7: I7,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element) throws -> Element,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension InfallibleType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        _ source7: I7
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)> {
        combineLatest(source1, source2, source3, source4, source5, source6, source7, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        _ source7: I7,
        site: CallSite
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), site: site))
    }
}

extension InfallibleType {
    /// Sends `resultSelector` of the sources' elements paired by position;
    /// completes once every source has completed.
    @_transparent
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: Infallible<E1>,
        _ source2: Infallible<E2>,
        _ source3: Infallible<E3>,
        _ source4: Infallible<E4>,
        _ source5: Infallible<E5>,
        _ source6: Infallible<E6>,
        _ source7: Infallible<E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
    ) -> Infallible<Element> {
        zip(source1, source2, source3, source4, source5, source6, source7, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: Infallible<E1>,
        _ source2: Infallible<E2>,
        _ source3: Infallible<E3>,
        _ source4: Infallible<E4>,
        _ source5: Infallible<E5>,
        _ source6: Infallible<E6>,
        _ source7: Infallible<E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension Infallible {
    /// Once every source has sent an element, sends `resultSelector` of the
    /// latest element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        _ source7: I7,
        _ source8: I8,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element) throws -> Element
    ) -> Infallible<Element> {
        combineLatest(source1, source2, source3, source4, source5, source6, source7, source8, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        _ source7: I7,
        _ source8: I8,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element) throws -> Element,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension InfallibleType where Element == Any {
    /// Once every source has sent an element, sends a tuple of the latest
    /// element of each whenever any of them sends one.
    @_transparent
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        _ source7: I7,
        _ source8: I8
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)> {
        combineLatest(source1, source2, source3, source4, source5, source6, source7, source8, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType>(
        _ source1: I1,
        _ source2: I2,
        _ source3: I3,
        _ source4: I4,
        _ source5: I5,
        _ source6: I6,
        _ source7: I7,
        _ source8: I8,
        site: CallSite
    ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), site: site))
    }
}

extension InfallibleType {
    /// Sends `resultSelector` of the sources' elements paired by position;
    /// completes once every source has completed.
    @_transparent
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: Infallible<E1>,
        _ source2: Infallible<E2>,
        _ source3: Infallible<E3>,
        _ source4: Infallible<E4>,
        _ source5: Infallible<E5>,
        _ source6: Infallible<E6>,
        _ source7: Infallible<E7>,
        _ source8: Infallible<E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
    ) -> Infallible<Element> {
        zip(source1, source2, source3, source4, source5, source6, source7, source8, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: Infallible<E1>,
        _ source2: Infallible<E2>,
        _ source3: Infallible<E3>,
        _ source4: Infallible<E4>,
        _ source5: Infallible<E5>,
        _ source6: Infallible<E6>,
        _ source7: Infallible<E7>,
        _ source8: Infallible<E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), resultSelector: resultSelector, site: site))
    }
}
