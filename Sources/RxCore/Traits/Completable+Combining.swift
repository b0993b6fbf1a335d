extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// This completable, then `second` once it has completed.
    public func concat(_ second: Completable) -> Completable {
        Completable.concat(primitiveSequence, second)
    }

    /// The completables of `sequence` one after another; completes after the
    /// last, fails at the first error.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable
    where Sequence.Element == Completable {
        Completable(raw: Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// The completables of `collection` one after another; completes after
    /// the last, fails at the first error.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Completable
    where Collection.Element == Completable {
        Completable(raw: Observable.concat(collection.map { $0.asObservable() }))
    }

    /// `sources` one after another; completes after the last, fails at the
    /// first error.
    public static func concat(_ sources: Completable...) -> Completable {
        concat(sources)
    }

    /// The completables of `sources` all at once; completes when every one
    /// has, fails at the first error.
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
    where Collection.Element == Completable {
        Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The completables of `sources` all at once; completes when every one
    /// has, fails at the first error.
    public static func zip(_ sources: [Completable]) -> Completable {
        Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// `sources` all at once; completes when every one has, fails at the
    /// first error.
    public static func zip(_ sources: Completable...) -> Completable {
        zip(sources)
    }
}
