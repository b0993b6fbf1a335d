// RxCocoa's operators on shared sequences: each applies the observable
// operator and shares the result again, so chains of drivers keep their
// guarantees (no errors, delivery on the sharing scheduler, sharing).

extension SharedSequenceConvertibleType {
    /// Transforms each element with `selector`.
    @_transparent
    public func map<Result>(
        _ selector: @escaping (Element) -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        map(selector, site: .here())
    }

    /// `map` with the site its public form takes from its caller.
    @usableFromInline
    func map<Result>(
        _ selector: @escaping (Element) -> Result,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().map(selector, site: site))
    }

    /// Transforms each element with `selector`, dropping the `nil` results.
    @_transparent
    public func compactMap<Result>(
        _ selector: @escaping (Element) -> Result?
    ) -> SharedSequence<SharingStrategy, Result> {
        compactMap(selector, site: .here())
    }

    /// `compactMap` with the site its public form takes from its caller.
    @usableFromInline
    func compactMap<Result>(
        _ selector: @escaping (Element) -> Result?,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().compactMap(selector, site: site))
    }

    /// Passes on only the elements for which `predicate` is true.
    @_transparent
    public func filter(
        _ predicate: @escaping (Element) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        filter(predicate, site: .here())
    }

    /// `filter` with the site its public form takes from its caller.
    @usableFromInline
    func filter(
        _ predicate: @escaping (Element) -> Bool,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().filter(predicate, site: site))
    }

    /// Maps each element to a shared sequence and follows only the latest one.
    @_transparent
    public func flatMapLatest<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        flatMapLatest(selector, site: .here())
    }

    /// `flatMapLatest` with the site its public form takes from its caller.
    @usableFromInline
    func flatMapLatest<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>,
        site: CallSite
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapLatest(selector, site: site))
    }

    /// Maps each element to a shared sequence, ignoring elements that arrive
    /// while the previous one is still active.
    @_transparent
    public func flatMapFirst<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        flatMapFirst(selector, site: .here())
    }

    /// `flatMapFirst` with the site its public form takes from its caller.
    @usableFromInline
    func flatMapFirst<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>,
        site: CallSite
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapFirst(selector, site: site))
    }

    /// Maps each element to a shared sequence and merges them all.
    @_transparent
    public func flatMap<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        flatMap(selector, site: .here())
    }

    /// `flatMap` with the site its public form takes from its caller.
    @usableFromInline
    func flatMap<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>,
        site: CallSite
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMap(selector, site: site))
    }

    /// Runs side effects around the events and the subscription, passing the
    /// events through unchanged.
    @_transparent
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> SharedSequence<SharingStrategy, Element> {
        `do`(
            onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose, site: .here())
    }

    /// ``do`` with the site its public form takes from its caller.
    @usableFromInline
    func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            asObservable().do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose,
                site: site))
    }

    /// Passes on an element only when the key `keySelector` gives differs from the previous one.
    @_transparent
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) -> Key
    ) -> SharedSequence<SharingStrategy, Element> {
        distinctUntilChanged(keySelector, site: .here())
    }

    /// `distinctUntilChanged` with the site its public form takes from its caller.
    @usableFromInline
    func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) -> Key,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector, site: site))
    }

    /// Passes on an element only when `comparer` says it differs from the previous one.
    @_transparent
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        distinctUntilChanged(comparer, site: .here())
    }

    /// `distinctUntilChanged` with the site its public form takes from its caller.
    @usableFromInline
    func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) -> Bool,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(comparer, site: site))
    }

    /// Passes on an element only when `comparer` says its key differs from the previous one's.
    @_transparent
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) -> Key,
        comparer: @escaping (Key, Key) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        distinctUntilChanged(keySelector, comparer: comparer, site: .here())
    }

    /// `distinctUntilChanged` with the site its public form takes from its caller.
    @usableFromInline
    func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) -> Key,
        comparer: @escaping (Key, Key) -> Bool,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector, comparer: comparer, site: site))
    }

    /// Sends each intermediate result of folding the elements into `seed` with `accumulator`.
    @_transparent
    public func scan<A>(
        _ seed: A,
        accumulator: @escaping (A, Element) -> A
    ) -> SharedSequence<SharingStrategy, A> {
        scan(seed, accumulator: accumulator, site: .here())
    }

    /// `scan` with the site its public form takes from its caller.
    @usableFromInline
    func scan<A>(
        _ seed: A,
        accumulator: @escaping (A, Element) -> A,
        site: CallSite
    ) -> SharedSequence<SharingStrategy, A> {
        SharedSequence(asObservable().scan(seed, accumulator: accumulator, site: site))
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
    @_transparent
    public func distinctUntilChanged(

        ) -> SharedSequence<SharingStrategy, Element>
    {
        distinctUntilChanged(site: .here())
    }

    /// `distinctUntilChanged` with the site its public form takes from its caller.
    @usableFromInline
    func distinctUntilChanged(
        site: CallSite
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(site: site))
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
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> SharedSequence<
        SharingStrategy, Element
    >
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources` as they come.
    public static func merge(_ sources: [SharedSequence<SharingStrategy, Element>]) -> SharedSequence<
        SharingStrategy, Element
    > {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources` as they come.
    public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...) -> SharedSequence<
        SharingStrategy, Element
    > {
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
        SharedSequence(
            asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}
