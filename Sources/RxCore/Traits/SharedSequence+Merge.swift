// RxCocoa's concatenating, merging and `withUnretained` forms of shared
// sequences: the observable operator over the underlying sequences, shared
// again. `withUnretained` with a selector is inlined into its caller, so that
// its closure's site is the caller's (see `CallSite`).

extension SharedSequence {
    /// The elements of each of `sequence`'s shared sequences in turn.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<
        SharingStrategy, Element
    >
    where Sequence.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// The elements of each of `collection`'s shared sequences in turn.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<
        SharingStrategy, Element
    >
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(collection.map { $0.asObservable() }))
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// The elements of every inner shared sequence, as they arrive.
    public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map { $0.asObservable() }.merge())
    }

    /// The elements of the inner shared sequences, at most `maxConcurrent` of them subscribed at once.
    public func merge(maxConcurrent: Int) -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map { $0.asObservable() }.merge(maxConcurrent: maxConcurrent))
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Each element combined by `resultSelector` with `obj`, held weakly: once
    /// `obj` is gone, the next element completes the signal instead.
    @_transparent
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) -> Out
    ) -> SharedSequence<SharingStrategy, Out> {
        SharedSequence(asObservable().withUnretained(obj, resultSelector: resultSelector, site: .here()))
    }

    /// Each element paired with `obj`, held weakly as in ``withUnretained(_:resultSelector:)``.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> SharedSequence<SharingStrategy, (Object, Element)> {
        SharedSequence(asObservable().withUnretained(obj))
    }
}
