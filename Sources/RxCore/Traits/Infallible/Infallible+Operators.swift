// RxSwift's operators on infallible sequences: each applies the observable
// operator, whose closures cannot throw here, so the result cannot fail either.

extension InfallibleType {
    /// Passes on only the elements for which `predicate` is true.
    public func filter(_ predicate: @escaping (Element) -> Bool, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate, file: file, line: line))
    }

    /// Transforms each element with `transform`.
    public func map<Result>(_ transform: @escaping (Element) -> Result, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Result> {
        Infallible(asObservable().map(transform, file: file, line: line))
    }

    /// Transforms each element with `transform`, dropping the `nil` results.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Result> {
        Infallible(asObservable().compactMap(transform, file: file, line: line))
    }

    /// Sends `element` first, then the sequence.
    public func startWith(_ element: Element) -> Infallible<Element> {
        Infallible(asObservable().startWith(element))
    }

    /// Sends each intermediate value of folding the elements into `seed`.
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Seed> {
        Infallible(asObservable().scan(seed, accumulator: accumulator, file: file, line: line))
    }

    /// Sends each intermediate value of folding the elements into `seed` in place.
    public func scan<Seed>(into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Seed> {
        Infallible(asObservable().scan(into: seed, accumulator: accumulator, file: file, line: line))
    }

    /// Shares one subscription to the sequence, replaying the newest `replay` elements.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
        Infallible(asObservable().share(replay: replay, scope: scope))
    }
}

extension InfallibleType where Element: Equatable {
    /// Drops an element equal to the one before it.
    public func distinctUntilChanged(file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(file: file, line: line))
    }
}

extension InfallibleType {
    /// Drops an element whose key equals the previous element's.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector, file: file, line: line))
    }

    /// Drops an element that `comparer` finds equal to the previous one.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(comparer, file: file, line: line))
    }

    /// Drops an element whose key `comparer` finds equal to the previous element's.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector, comparer: comparer, file: file, line: line))
    }

    /// Drops an element whose property at `keyPath` equals the previous element's.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(at: keyPath, file: file, line: line))
    }

    /// Sends an element only once `dueTime` has passed on `scheduler` without another.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().debounce(dueTime, scheduler: scheduler))
    }

    /// Sends at most one element per `dueTime`; with `latest`, the last one of
    /// a window at its end.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
    }
}

extension InfallibleType {
    /// Maps each element to a sequence and merges them all.
    public func flatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMap(selector, file: file, line: line))
    }

    /// Maps each element to a sequence and follows only the latest one.
    public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMapLatest(selector, file: file, line: line))
    }

    /// Maps each element to a sequence, ignoring elements that arrive while
    /// the previous one is still active.
    public func flatMapFirst<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMapFirst(selector, file: file, line: line))
    }

    /// Maps each element to a sequence and sends them one after another.
    public func concatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Source.Element> {
        Infallible(asObservable().concatMap(selector, file: file, line: line))
    }

    /// This sequence, then `second`.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Infallible<Element> where Source.Element == Element {
        Infallible(asObservable().concat(second))
    }

    /// The sequences of `sequence`, one after another.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Infallible<Element> where Sequence.Element == Infallible<Element> {
        Infallible(.concat(sequence.map { $0.asObservable() }))
    }

    /// The sequences of `collection`, one after another.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<Element> where Collection.Element == Infallible<Element> {
        Infallible(.concat(collection.map { $0.asObservable() }))
    }

    /// `sources`, one after another.
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(.concat(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources`, as they come.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Infallible<Element> where Collection.Element == Infallible<Element> {
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
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil, afterNext: ((Element) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil, afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil, onSubscribed: (() -> Void)? = nil, onDispose: (() -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().do(
            onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose, file: file, line: line))
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
    public func take(
        until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().take(until: predicate, behavior: behavior, file: file, line: line))
    }

    /// The elements while `predicate` is true of them (`behavior` says whether
    /// the first it is false of is sent).
    public func take(
        while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().take(while: predicate, behavior: behavior, file: file, line: line))
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
    public func skip(while predicate: @escaping (Element) throws -> Bool, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        Infallible(asObservable().skip(while: predicate, file: file, line: line))
    }

    /// The elements after `other` sent one.
    public func skip(until other: some ObservableType) -> Infallible<Element> {
        Infallible(asObservable().skip(until: other))
    }
}

extension InfallibleType {
    /// Pairs each element with `object`, held weakly, through `resultSelector`;
    /// completes once `object` is gone.
    public func withUnretained<Object: AnyObject, Out>(
        _ object: Object, resultSelector: @escaping (Object, Element) -> Out,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Out> {
        Infallible(asObservable().withUnretained(object, resultSelector: resultSelector, file: file, line: line))
    }

    /// Pairs each element with `object`, held weakly; completes once `object` is gone.
    public func withUnretained<Object: AnyObject>(_ object: Object) -> Infallible<(Object, Element)> {
        Infallible(asObservable().withUnretained(object))
    }

    /// Combines each element with the latest of `second` through `resultSelector`.
    public func withLatestFrom<Source: InfallibleType, ResultType>(
        _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> ResultType,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<ResultType> {
        Infallible(asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector, file: file, line: line))
    }

    /// Sends the latest element of `second` for each element.
    public func withLatestFrom<Source: InfallibleType>(_ second: Source, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Source.Element> {
        Infallible(asObservable().withLatestFrom(second.asObservable(), file: file, line: line))
    }

    /// Prints every event, with `identifier` and the call's site.
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line, function: String = #function) -> Infallible<Element> {
        Infallible(asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}

extension ObservableType {
    /// Maps each element to an infallible sequence and follows only the latest one.
    public func flatMapLatest<Source: InfallibleType>(
        _ selector: @escaping (Element) throws -> Source,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Source.Element> {
        Infallible(flatMapLatest(selector, file: file, line: line))
    }
}
