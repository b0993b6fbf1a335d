/// The trait of a primitive sequence whose outcome can hold an element,
/// so that its sequences can be zipped: ``SingleTrait`` and ``MaybeTrait``.
public protocol ZippableTrait {}

extension SingleTrait: ZippableTrait {}
extension MaybeTrait: ZippableTrait {}

extension PrimitiveSequenceType where Trait: ZippableTrait {
    /// Succeeds with `resultSelector` of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        resultSelector: @escaping (E1, E2) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector, file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait, Element == Any {
    /// Succeeds with the tuple of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    public static func zip<E1, E2>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, (E1, E2)> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait {
    /// Succeeds with `resultSelector` of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector, file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait, Element == Any {
    /// Succeeds with the tuple of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    public static func zip<E1, E2, E3>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, (E1, E2, E3)> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait {
    /// Succeeds with `resultSelector` of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector: resultSelector, file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait, Element == Any {
    /// Succeeds with the tuple of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    public static func zip<E1, E2, E3, E4>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait {
    /// Succeeds with `resultSelector` of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), resultSelector: resultSelector, file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait, Element == Any {
    /// Succeeds with the tuple of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait {
    /// Succeeds with `resultSelector` of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector: resultSelector, file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait, Element == Any {
    /// Succeeds with the tuple of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait {
    /// Succeeds with `resultSelector` of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>, _ source7: PrimitiveSequence<Trait, E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector, file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait, Element == Any {
    /// Succeeds with the tuple of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>, _ source7: PrimitiveSequence<Trait, E7>,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait {
    /// Succeeds with `resultSelector` of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>, _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), resultSelector: resultSelector, file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait: ZippableTrait, Element == Any {
    /// Succeeds with the tuple of the sources' elements once all have
    /// succeeded, and fails with the first error. A maybe that completes
    /// without an element makes it complete as soon as the others have an outcome.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>, _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>, _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)> {
        PrimitiveSequence(raw: Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), file: file, line: line))
    }
}
