// RxCocoa's combining operators on shared sequences of one sharing strategy:
// the observable operator over the underlying sequences, shared again.

extension SharedSequenceConvertibleType {
    /// For each element, `resultSelector` of it and the latest element of `second`.
    public func withLatestFrom<Second: SharedSequenceConvertibleType, ResultType>(
        _ second: Second,
        resultSelector: @escaping (Element, Second.Element) -> ResultType,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, ResultType> where Second.SharingStrategy == SharingStrategy {
        SharedSequence(asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector, file: file, line: line))
    }

    /// For each element, the latest element of `second`.
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(
        _ second: Second,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Second.Element> where Second.SharingStrategy == SharingStrategy {
        SharedSequence(asObservable().withLatestFrom(second.asObservable(), file: file, line: line))
    }
}

extension SharedSequence {
    /// `resultSelector` of the latest elements of all `collection`'s sequences, whenever one sends.
    public static func combineLatest<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(
            Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector, file: file, line: line))
    }

    /// The latest elements of all `collection`'s sequences, whenever one sends.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, [Element]> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(
            Observable.combineLatest(collection.map { $0.asObservable() }, file: file, line: line))
    }

    /// `resultSelector` of the n-th elements of all `collection`'s sequences.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(
            Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector, file: file, line: line))
    }

    /// The n-th elements of all `collection`'s sequences.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, [Element]> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(
            Observable.zip(collection.map { $0.asObservable() }, file: file, line: line))
    }

    /// `resultSelector` of the latest element of each source, whenever one sends.
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element> where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
        SharedSequence(Observable.combineLatest(
            source1.asObservable(), source2.asObservable(), resultSelector: resultSelector, file: file, line: line))
    }

    /// `resultSelector` of the latest element of each source, whenever one sends.
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy {
        SharedSequence(Observable.combineLatest(
            source1.asObservable(), source2.asObservable(), source3.asObservable(),
            resultSelector: resultSelector, file: file, line: line))
    }

    /// `resultSelector` of the latest element of each source, whenever one sends.
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
          SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy {
        SharedSequence(Observable.combineLatest(
            source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            resultSelector: resultSelector, file: file, line: line))
    }

    /// `resultSelector` of the n-th element of each source.
    public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element> where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
        SharedSequence(Observable.zip(
            source1.asObservable(), source2.asObservable(), resultSelector: resultSelector, file: file, line: line))
    }

    /// `resultSelector` of the n-th element of each source.
    public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy {
        SharedSequence(Observable.zip(
            source1.asObservable(), source2.asObservable(), source3.asObservable(),
            resultSelector: resultSelector, file: file, line: line))
    }
}

// The tuple forms, on `Element == Any` as in RxCocoa, so that
// `Driver.combineLatest(a, b)` needs no element type.
extension SharedSequenceConvertibleType where Element == Any {
    /// The latest element of each source as a tuple, whenever one sends.
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
        SharedSequence(Observable.combineLatest(source1.asObservable(), source2.asObservable(), file: file, line: line))
    }

    /// The latest element of each source as a tuple, whenever one sends.
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy {
        SharedSequence(Observable.combineLatest(
            source1.asObservable(), source2.asObservable(), source3.asObservable(), file: file, line: line))
    }

    /// The latest element of each source as a tuple, whenever one sends.
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy,
          SharingStrategy == O3.SharingStrategy, SharingStrategy == O4.SharingStrategy {
        SharedSequence(Observable.combineLatest(
            source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            file: file, line: line))
    }

    /// The n-th element of each source as a tuple.
    public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
        SharedSequence(Observable.zip(source1.asObservable(), source2.asObservable(), file: file, line: line))
    }

    /// The n-th element of each source as a tuple.
    public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>
    where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy {
        SharedSequence(Observable.zip(
            source1.asObservable(), source2.asObservable(), source3.asObservable(), file: file, line: line))
    }
}
