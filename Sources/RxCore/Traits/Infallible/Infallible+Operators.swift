// RxSwift's operators on infallible sequences: each applies the observable
// operator, whose closures cannot throw here, so the result cannot fail either.

extension InfallibleType {
    /// Passes on only the elements for which `predicate` is true.
    @_transparent
    public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        filter(predicate, site: .here())
    }

    /// `filter` with the site its public form takes from its caller.
    @usableFromInline
    func filter(_ predicate: @escaping (Element) -> Bool, site: CallSite) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate, site: site))
    }

    /// Transforms each element with `transform`.
    @_transparent
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
        map(transform, site: .here())
    }

    /// `map` with the site its public form takes from its caller.
    @usableFromInline
    func map<Result>(_ transform: @escaping (Element) -> Result, site: CallSite) -> Infallible<Result> {
        Infallible(asObservable().map(transform, site: site))
    }

    /// Transforms each element with `transform`, dropping the `nil` results.
    @_transparent
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Infallible<Result> {
        compactMap(transform, site: .here())
    }

    /// `compactMap` with the site its public form takes from its caller.
    @usableFromInline
    func compactMap<Result>(_ transform: @escaping (Element) -> Result?, site: CallSite) -> Infallible<Result> {
        Infallible(asObservable().compactMap(transform, site: site))
    }

    /// Sends `element` first, then the sequence.
    public func startWith(_ element: Element) -> Infallible<Element> {
        Infallible(asObservable().startWith(element))
    }

    /// Sends each intermediate value of folding the elements into `seed`.
    @_transparent
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed) -> Infallible<Seed> {
        scan(seed, accumulator: accumulator, site: .here())
    }

    /// `scan` with the site its public form takes from its caller.
    @usableFromInline
    func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed, site: CallSite) -> Infallible<Seed> {
        Infallible(asObservable().scan(seed, accumulator: accumulator, site: site))
    }

    /// Sends each intermediate value of folding the elements into `seed` in place.
    @_transparent
    public func scan<Seed>(into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void) -> Infallible<Seed> {
        scan(into: seed, accumulator: accumulator, site: .here())
    }

    /// `scan` with the site its public form takes from its caller.
    @usableFromInline
    func scan<Seed>(into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void, site: CallSite)
        -> Infallible<Seed>
    {
        Infallible(asObservable().scan(into: seed, accumulator: accumulator, site: site))
    }

    /// Shares one subscription to the sequence, replaying the newest `replay` elements.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
        Infallible(asObservable().share(replay: replay, scope: scope))
    }
}

extension InfallibleType where Element: Equatable {
    /// Drops an element equal to the one before it.
    @_transparent
    public func distinctUntilChanged() -> Infallible<Element> {
        distinctUntilChanged(site: .here())
    }

    /// `distinctUntilChanged` with the site its public form takes from its caller.
    @usableFromInline
    func distinctUntilChanged(site: CallSite) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(site: site))
    }
}

extension InfallibleType {
    /// Drops an element whose key equals the previous element's.
    @_transparent
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key) -> Infallible<
        Element
    > {
        distinctUntilChanged(keySelector, site: .here())
    }

    /// `distinctUntilChanged` with the site its public form takes from its caller.
    @usableFromInline
    func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key, site: CallSite)
        -> Infallible<Element>
    {
        Infallible(asObservable().distinctUntilChanged(keySelector, site: site))
    }

    /// Drops an element that `comparer` finds equal to the previous one.
    @_transparent
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Infallible<Element> {
        distinctUntilChanged(comparer, site: .here())
    }

    /// `distinctUntilChanged` with the site its public form takes from its caller.
    @usableFromInline
    func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool, site: CallSite) -> Infallible<
        Element
    > {
        Infallible(asObservable().distinctUntilChanged(comparer, site: site))
    }

    /// Drops an element whose key `comparer` finds equal to the previous element's.
    @_transparent
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool
    ) -> Infallible<Element> {
        distinctUntilChanged(keySelector, comparer: comparer, site: .here())
    }

    /// `distinctUntilChanged` with the site its public form takes from its caller.
    @usableFromInline
    func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector, comparer: comparer, site: site))
    }

    /// Drops an element whose property at `keyPath` equals the previous element's.
    @_transparent
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Infallible<Element>
    {
        distinctUntilChanged(at: keyPath, site: .here())
    }

    /// `distinctUntilChanged` with the site its public form takes from its caller.
    @usableFromInline
    func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>, site: CallSite)
        -> Infallible<Element>
    {
        Infallible(asObservable().distinctUntilChanged(at: keyPath, site: site))
    }

    /// Sends an element only once `dueTime` has passed on `scheduler` without another.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().debounce(dueTime, scheduler: scheduler))
    }

    /// Sends at most one element per `dueTime`; with `latest`, the last one of
    /// a window at its end.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Infallible<
        Element
    > {
        Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
    }
}

extension InfallibleType {
    /// Maps each element to a sequence and merges them all.
    @_transparent
    public func flatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source) -> Infallible<
        Source.Element
    > {
        flatMap(selector, site: .here())
    }

    /// `flatMap` with the site its public form takes from its caller.
    @usableFromInline
    func flatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source, site: CallSite)
        -> Infallible<Source.Element>
    {
        Infallible(asObservable().flatMap(selector, site: site))
    }

    /// Maps each element to a sequence and follows only the latest one.
    @_transparent
    public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source)
        -> Infallible<Source.Element>
    {
        flatMapLatest(selector, site: .here())
    }

    /// `flatMapLatest` with the site its public form takes from its caller.
    @usableFromInline
    func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source, site: CallSite)
        -> Infallible<Source.Element>
    {
        Infallible(asObservable().flatMapLatest(selector, site: site))
    }

    /// Maps each element to a sequence, ignoring elements that arrive while
    /// the previous one is still active.
    @_transparent
    public func flatMapFirst<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source)
        -> Infallible<Source.Element>
    {
        flatMapFirst(selector, site: .here())
    }

    /// `flatMapFirst` with the site its public form takes from its caller.
    @usableFromInline
    func flatMapFirst<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source, site: CallSite)
        -> Infallible<Source.Element>
    {
        Infallible(asObservable().flatMapFirst(selector, site: site))
    }

    /// Maps each element to a sequence and sends them one after another.
    @_transparent
    public func concatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source) -> Infallible<
        Source.Element
    > {
        concatMap(selector, site: .here())
    }

    /// `concatMap` with the site its public form takes from its caller.
    @usableFromInline
    func concatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source, site: CallSite)
        -> Infallible<Source.Element>
    {
        Infallible(asObservable().concatMap(selector, site: site))
    }

    /// This sequence, then `second`.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Infallible<Element>
    where Source.Element == Element {
        Infallible(asObservable().concat(second))
    }

    /// The sequences of `sequence`, one after another.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Infallible<Element>
    where Sequence.Element == Infallible<Element> {
        Infallible(.concat(sequence.map { $0.asObservable() }))
    }

    /// The sequences of `collection`, one after another.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<Element>
    where Collection.Element == Infallible<Element> {
        Infallible(.concat(collection.map { $0.asObservable() }))
    }

    /// `sources`, one after another.
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(.concat(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources`, as they come.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Infallible<Element>
    where Collection.Element == Infallible<Element> {
        Infallible(.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources`, as they come.
    public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
        Infallible(.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources`, as they come.
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(.merge(sources.map { $0.asObservable() }))
    }
}

extension Infallible {
    /// Runs side effects around the events and the subscription, passing the
    /// events through unchanged.
    @_transparent
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Infallible<Element> {
        `do`(
            onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose, site: .here())
    }

    /// ``do`` with the site its public form takes from its caller.
    @usableFromInline
    func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(
            asObservable().do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose, site: site))
    }
}

extension InfallibleType {
    /// The elements until `other` sends one.
    public func take(until other: some InfallibleType) -> Infallible<Element> {
        Infallible(asObservable().take(until: other.asObservable()))
    }

    /// The elements until `other` sends one.
    public func take(until other: some ObservableType) -> Infallible<Element> {
        Infallible(asObservable().take(until: other))
    }

    /// The elements until `predicate` is true of one (`behavior` says whether
    /// that one is sent).
    @_transparent
    public func take(
        until predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Infallible<Element> {
        take(until: predicate, behavior: behavior, site: .here())
    }

    /// `take` with the site its public form takes from its caller.
    @usableFromInline
    func take(
        until predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(asObservable().take(until: predicate, behavior: behavior, site: site))
    }

    /// The elements while `predicate` is true of them (`behavior` says whether
    /// the first it is false of is sent).
    @_transparent
    public func take(
        while predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Infallible<Element> {
        take(while: predicate, behavior: behavior, site: .here())
    }

    /// `take` with the site its public form takes from its caller.
    @usableFromInline
    func take(
        while predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(asObservable().take(while: predicate, behavior: behavior, site: site))
    }

    /// The first `count` elements.
    public func take(_ count: Int) -> Infallible<Element> {
        Infallible(asObservable().take(count))
    }

    /// The elements sent within `duration` of subscribing, timed on `scheduler`.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().take(for: duration, scheduler: scheduler))
    }

    /// The elements from the first that `predicate` is false of.
    @_transparent
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Infallible<Element> {
        skip(while: predicate, site: .here())
    }

    /// `skip` with the site its public form takes from its caller.
    @usableFromInline
    func skip(while predicate: @escaping (Element) throws -> Bool, site: CallSite) -> Infallible<Element> {
        Infallible(asObservable().skip(while: predicate, site: site))
    }

    /// The elements after `other` sent one.
    public func skip(until other: some ObservableType) -> Infallible<Element> {
        Infallible(asObservable().skip(until: other))
    }
}

extension InfallibleType {
    /// Pairs each element with `obj`, held weakly, through `resultSelector`;
    /// completes once `obj` is gone.
    @_transparent
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) -> Out
    ) -> Infallible<Out> {
        withUnretained(obj, resultSelector: resultSelector, site: .here())
    }

    /// `withUnretained` with the site its public form takes from its caller.
    @usableFromInline
    func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) -> Out,
        site: CallSite
    ) -> Infallible<Out> {
        Infallible(asObservable().withUnretained(obj, resultSelector: resultSelector, site: site))
    }

    /// Pairs each element with `obj`, held weakly; completes once `obj` is gone.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Infallible<(Object, Element)> {
        Infallible(asObservable().withUnretained(obj))
    }

    /// Combines each element with the latest of `second` through `resultSelector`.
    @_transparent
    public func withLatestFrom<Source: InfallibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Infallible<ResultType> {
        withLatestFrom(second, resultSelector: resultSelector, site: .here())
    }

    /// `withLatestFrom` with the site its public form takes from its caller.
    @usableFromInline
    func withLatestFrom<Source: InfallibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType,
        site: CallSite
    ) -> Infallible<ResultType> {
        Infallible(asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector, site: site))
    }

    /// Sends the latest element of `second` for each element.
    @_transparent
    public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
        withLatestFrom(second, site: .here())
    }

    /// `withLatestFrom` with the site its public form takes from its caller.
    @usableFromInline
    func withLatestFrom<Source: InfallibleType>(_ second: Source, site: CallSite) -> Infallible<Source.Element> {
        Infallible(asObservable().withLatestFrom(second.asObservable(), site: site))
    }

    /// Prints every event, with `identifier` and the call's site.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> Infallible<Element> {
        Infallible(asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}

extension ObservableType {
    /// Maps each element to an infallible sequence and follows only the latest one.
    @_transparent
    public func flatMapLatest<Source: InfallibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Infallible<Source.Element> {
        flatMapLatest(selector, site: .here())
    }

    /// `flatMapLatest` with the site its public form takes from its caller.
    @usableFromInline
    func flatMapLatest<Source: InfallibleType>(
        _ selector: @escaping (Element) throws -> Source,
        site: CallSite
    ) -> Infallible<Source.Element> {
        Infallible(flatMapLatest(selector, site: site))
    }
}
