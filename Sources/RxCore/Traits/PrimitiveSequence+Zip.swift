/// The trait of a primitive sequence whose outcome can hold an element,
/// so that its sequences can be zipped: ``SingleTrait`` and ``MaybeTrait``.
public protocol ZippableTrait {}

extension SingleTrait: ZippableTrait {}
extension MaybeTrait: ZippableTrait {}

extension PrimitiveSequenceType where Trait: ZippableTrait {
    /// Succeeds with `resultSelector` of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    @_transparent
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        resultSelector: @escaping (E1, E2) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        zip(source1, source2, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        resultSelector: @escaping (E1, E2) throws -> Element,
        site: CallSite
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait, Element == Any {
    /// Succeeds with the tuple of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    @_transparent
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>
    ) -> PrimitiveSequence<Trait, (E1, E2)> {
        zip(source1, source2, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        site: CallSite
    ) -> PrimitiveSequence<Trait, (E1, E2)> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), site: site))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait {
    /// Succeeds with `resultSelector` of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    @_transparent
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        zip(source1, source2, source3, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element,
        site: CallSite
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait, Element == Any {
    /// Succeeds with the tuple of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    @_transparent
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3)> {
        zip(source1, source2, source3, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        site: CallSite
    ) -> PrimitiveSequence<Trait, (E1, E2, E3)> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), site: site))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait {
    /// Succeeds with `resultSelector` of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    @_transparent
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        zip(source1, source2, source3, source4, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element,
        site: CallSite
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait, Element == Any {
    /// Succeeds with the tuple of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    @_transparent
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> {
        zip(source1, source2, source3, source4, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        site: CallSite
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), site: site))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait {
    /// Succeeds with `resultSelector` of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    @_transparent
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        zip(source1, source2, source3, source4, source5, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element,
        site: CallSite
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait, Element == Any {
    /// Succeeds with the tuple of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    @_transparent
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> {
        zip(source1, source2, source3, source4, source5, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        site: CallSite
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), site: site))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait {
    /// Succeeds with `resultSelector` of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    @_transparent
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        zip(source1, source2, source3, source4, source5, source6, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element,
        site: CallSite
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait, Element == Any {
    /// Succeeds with the tuple of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    @_transparent
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)> {
        zip(source1, source2, source3, source4, source5, source6, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        site: CallSite
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), site: site))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait {
    /// Succeeds with `resultSelector` of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    @_transparent
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        zip(source1, source2, source3, source4, source5, source6, source7, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element,
        site: CallSite
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait, Element == Any {
    /// Succeeds with the tuple of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    @_transparent
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)> {
        zip(source1, source2, source3, source4, source5, source6, source7, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        site: CallSite
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), site: site))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait {
    /// Succeeds with `resultSelector` of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    @_transparent
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        _ source8: PrimitiveSequence<Trait, E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        zip(source1, source2, source3, source4, source5, source6, source7, source8, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        _ source8: PrimitiveSequence<Trait, E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element,
        site: CallSite
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), resultSelector: resultSelector, site: site))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait, Element == Any {
    /// Succeeds with the tuple of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    @_transparent
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        _ source8: PrimitiveSequence<Trait, E8>
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)> {
        zip(source1, source2, source3, source4, source5, source6, source7, source8, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>,
        _ source2: PrimitiveSequence<Trait, E2>,
        _ source3: PrimitiveSequence<Trait, E3>,
        _ source4: PrimitiveSequence<Trait, E4>,
        _ source5: PrimitiveSequence<Trait, E5>,
        _ source6: PrimitiveSequence<Trait, E6>,
        _ source7: PrimitiveSequence<Trait, E7>,
        _ source8: PrimitiveSequence<Trait, E8>,
        site: CallSite
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), site: site))
    }
}
