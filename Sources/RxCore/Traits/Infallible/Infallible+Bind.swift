// RxCocoa's bindings of infallible sequences: the observable's bindings,
// recorded in the subscription registry under the verb `bind`.

extension InfallibleType {
    /// Sends every event to each of `observers`.
    public func bind<Observer: ObserverType>(
        to observers: Observer...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable where Observer.Element == Element {
        asObservable().send(to: observers, verb: .bind, site: CallSite(file: file, line: line, function: function))
    }

    /// Sends every event, its element made optional, to each of `observers`.
    public func bind<Observer: ObserverType>(
        to observers: Observer...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable where Observer.Element == Element? {
        asObservable().map({ $0 as Element? }, file: file, line: line)
            .send(to: observers, verb: .bind, site: CallSite(file: file, line: line, function: function))
    }

    /// Hands this sequence to `binder` and returns what it returns.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Hands this sequence to `binder`, then `curriedArgument` to the function
    /// it returns.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Calls `onNext` for every element.
    public func bind(
        onNext: @escaping (Element) -> Void,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().bind(onNext: onNext, file: file, line: line, function: function)
    }

    /// Makes each of `relays` accept every element.
    public func bind(
        to relays: PublishRelay<Element>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().accept(into: relays, verb: .bind, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept every element, made optional.
    public func bind(
        to relays: PublishRelay<Element?>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().map({ $0 as Element? }, file: file, line: line)
            .accept(into: relays, verb: .bind, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept every element, as their new value.
    public func bind(
        to relays: BehaviorRelay<Element>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().accept(into: relays, verb: .bind, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept every element, made optional, as their new value.
    public func bind(
        to relays: BehaviorRelay<Element?>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().map({ $0 as Element? }, file: file, line: line)
            .accept(into: relays, verb: .bind, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept and keep every element.
    public func bind(
        to relays: ReplayRelay<Element>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().accept(into: relays, verb: .bind, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept and keep every element, made optional.
    public func bind(
        to relays: ReplayRelay<Element?>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().map({ $0 as Element? }, file: file, line: line)
            .accept(into: relays, verb: .bind, site: CallSite(file: file, line: line, function: function))
    }
}
