// RxCocoa's combining operators on shared sequences of one sharing strategy:
// the observable operator over the underlying sequences, shared again.

extension SharedSequenceConvertibleType {
    /// For each element, `resultSelector` of it and the latest element of `second`.
    @_transparent
    public func withLatestFrom<Second: SharedSequenceConvertibleType, ResultType>(
        _ second: Second,
        resultSelector: @escaping (Element, Second.Element) -> ResultType
    ) -> SharedSequence<SharingStrategy, ResultType> where Second.SharingStrategy == SharingStrategy {
        withLatestFrom(second, resultSelector: resultSelector, site: .here())
    }

    /// `withLatestFrom` with the site its public form takes from its caller.
    @usableFromInline
    func withLatestFrom<Second: SharedSequenceConvertibleType, ResultType>(
        _ second: Second,
        resultSelector: @escaping (Element, Second.Element) -> ResultType,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, ResultType> where Second.SharingStrategy == SharingStrategy {
        SharedSequence(asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector, site: site))
    }

    /// For each element, the latest element of `second`.
    @_transparent
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(
        _ second: Second
    ) -> SharedSequence<SharingStrategy, Second.Element> where Second.SharingStrategy == SharingStrategy {
        withLatestFrom(second, site: .here())
    }

    /// `withLatestFrom` with the site its public form takes from its caller.
    @usableFromInline
    func withLatestFrom<Second: SharedSequenceConvertibleType>(
        _ second: Second,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Second.Element> where Second.SharingStrategy == SharingStrategy {
        SharedSequence(asObservable().withLatestFrom(second.asObservable(), site: site))
    }
}

extension SharedSequence {
    /// `resultSelector` of the latest elements of all `collection`'s sequences, whenever one sends.
    @_transparent
    public static func combineLatest<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        combineLatest(collection, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(
            Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector, site: site))
    }

    /// The latest elements of all `collection`'s sequences, whenever one sends.
    @_transparent
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, [Element]> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        combineLatest(collection, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, [Element]> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(
            Observable.combineLatest(collection.map { $0.asObservable() }, site: site))
    }

    /// `resultSelector` of the n-th elements of all `collection`'s sequences.
    @_transparent
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        zip(collection, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(
            Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector, site: site))
    }

    /// The n-th elements of all `collection`'s sequences.
    @_transparent
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, [Element]> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        zip(collection, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, [Element]> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(
            Observable.zip(collection.map { $0.asObservable() }, site: site))
    }

    /// `resultSelector` of the latest element of each source, whenever one sends.
    @_transparent
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> SharedSequence<SharingStrategy, Element> where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
        combineLatest(source1, source2, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Element> where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
        SharedSequence(Observable.combineLatest(
            source1.asObservable(), source2.asObservable(), resultSelector: resultSelector, site: site))
    }

    /// `resultSelector` of the latest element of each source, whenever one sends.
    @_transparent
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy {
        combineLatest(source1, source2, source3, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Element>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy {
        SharedSequence(Observable.combineLatest(
            source1.asObservable(), source2.asObservable(), source3.asObservable(),
            resultSelector: resultSelector, site: site))
    }

    /// `resultSelector` of the latest element of each source, whenever one sends.
    @_transparent
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
          SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy {
        combineLatest(source1, source2, source3, source4, resultSelector: resultSelector, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Element>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
          SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy {
        SharedSequence(Observable.combineLatest(
            source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            resultSelector: resultSelector, site: site))
    }

    /// `resultSelector` of the n-th element of each source.
    @_transparent
    public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> SharedSequence<SharingStrategy, Element> where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
        zip(source1, source2, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Element> where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
        SharedSequence(Observable.zip(
            source1.asObservable(), source2.asObservable(), resultSelector: resultSelector, site: site))
    }

    /// `resultSelector` of the n-th element of each source.
    @_transparent
    public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy {
        zip(source1, source2, source3, resultSelector: resultSelector, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Element>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy {
        SharedSequence(Observable.zip(
            source1.asObservable(), source2.asObservable(), source3.asObservable(),
            resultSelector: resultSelector, site: site))
    }
}

// The tuple forms, on `Element == Any` as in RxCocoa, so that
// `Driver.combineLatest(a, b)` needs no element type.
extension SharedSequenceConvertibleType where Element == Any {
    /// The latest element of each source as a tuple, whenever one sends.
    @_transparent
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
        combineLatest(source1, source2, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
        SharedSequence(Observable.combineLatest(source1.asObservable(), source2.asObservable(), site: site))
    }

    /// The latest element of each source as a tuple, whenever one sends.
    @_transparent
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy {
        combineLatest(source1, source2, source3, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy {
        SharedSequence(Observable.combineLatest(
            source1.asObservable(), source2.asObservable(), source3.asObservable(), site: site))
    }

    /// The latest element of each source as a tuple, whenever one sends.
    @_transparent
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
          SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy {
        combineLatest(source1, source2, source3, source4, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        _ source4: O4,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
          SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy {
        SharedSequence(Observable.combineLatest(
            source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            site: site))
    }

    /// The n-th element of each source as a tuple.
    @_transparent
    public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
        zip(source1, source2, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
        SharedSequence(Observable.zip(source1.asObservable(), source2.asObservable(), site: site))
    }

    /// The n-th element of each source as a tuple.
    @_transparent
    public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy {
        zip(source1, source2, source3, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType>(
        _ source1: O1,
        _ source2: O2,
        _ source3: O3,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy {
        SharedSequence(Observable.zip(
            source1.asObservable(), source2.asObservable(), source3.asObservable(), site: site))
    }
}
