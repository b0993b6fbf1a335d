// RxCocoa's combining operators on shared sequences of one sharing strategy:
// the observable operator over the underlying sequences, shared again. The
// forms of two to eight sources are generated: SharedSequence+Arity.generated.swift.

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
    ) -> SharedSequence<SharingStrategy, [Element]>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        combineLatest(collection, site: .here())
    }

    /// `combineLatest` with the site its public form takes from its caller.
    @usableFromInline
    static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, [Element]>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
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
    ) -> SharedSequence<SharingStrategy, [Element]>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        zip(collection, site: .here())
    }

    /// `zip` with the site its public form takes from its caller.
    @usableFromInline
    static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, [Element]>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(
            Observable.zip(collection.map { $0.asObservable() }, site: site))
    }
}
