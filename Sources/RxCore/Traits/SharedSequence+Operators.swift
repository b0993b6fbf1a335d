// RxCocoa's operators on shared sequences: each applies the observable
// operator and shares the result again, so chains of drivers keep their
// guarantees (no errors, delivery on the sharing scheduler, sharing).

extension SharedSequenceConvertibleType {
    /// Transforms each element with `selector`.
    public func map<Result>(
        _ selector: @escaping (Element) -> Result,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().map(selector, file: file, line: line))
    }

    /// Transforms each element with `selector`, dropping the `nil` results.
    public func compactMap<Result>(
        _ selector: @escaping (Element) -> Result?,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().compactMap(selector, file: file, line: line))
    }

    /// Passes on only the elements for which `predicate` is true.
    public func filter(
        _ predicate: @escaping (Element) -> Bool,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().filter(predicate, file: file, line: line))
    }

    /// Maps each element to a shared sequence and follows only the latest one.
    public func flatMapLatest<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapLatest(selector, file: file, line: line))
    }

    /// Maps each element to a shared sequence, ignoring elements that arrive
    /// while the previous one is still active.
    public func flatMapFirst<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapFirst(selector, file: file, line: line))
    }

    /// Maps each element to a shared sequence and merges them all.
    public func flatMap<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMap(selector, file: file, line: line))
    }

    /// Runs side effects around the events and the subscription, passing the
    /// events through unchanged.
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().do(
            onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose,
            file: file, line: line))
    }

    /// Passes on an element only when the key `keySelector` gives differs from the previous one.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) -> Key,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector, file: file, line: line))
    }

    /// Passes on an element only when `comparer` says it differs from the previous one.
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) -> Bool,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(comparer, file: file, line: line))
    }

    /// Passes on an element only when `comparer` says its key differs from the previous one's.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) -> Key,
        comparer: @escaping (Key, Key) -> Bool,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector, comparer: comparer, file: file, line: line))
    }

    /// Sends each intermediate result of folding the elements into `seed` with `accumulator`.
    public func scan<A>(
        _ seed: A,
        accumulator: @escaping (A, Element) -> A,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, A> {
        SharedSequence(asObservable().scan(seed, accumulator: accumulator, file: file, line: line))
    }

    /// Sends `element` first, then the sequence's elements.
    public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: asObservable().startWith(element))
    }

    /// Drops the first `count` elements.
    public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().skip(count))
    }

    /// Sends at most one element per `dueTime` on the sharing scheduler: the
    /// first, then the latest of each window when `latest` is true.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
    }

    /// Sends an element once `dueTime` has passed without a newer one, on the sharing scheduler.
    public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
    }

    /// Sends each element `dueTime` later, on the sharing scheduler.
    public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequenceConvertibleType where Element: Equatable {
    /// Passes on an element only when it differs from the previous one.
    public func distinctUntilChanged(
        file: StaticString = #fileID, line: UInt = #line
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(file: file, line: line))
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// Follows only the latest inner shared sequence.
    public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map { $0.asSharedSequence().asObservable() }.switchLatest())
    }
}

extension SharedSequence {
    /// The elements of all `sources` as they come.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> SharedSequence<SharingStrategy, Element>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources` as they come.
    public static func merge(_ sources: [SharedSequence<SharingStrategy, Element>]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources` as they come.
    public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }
}

extension SharedSequence {
    /// Prints every event, with `identifier` and the call's site, as
    /// `Observable.debug` does; the printing sequence is shared in turn.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false,
        file: String = #file, line: UInt = #line, function: String = #function
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}
