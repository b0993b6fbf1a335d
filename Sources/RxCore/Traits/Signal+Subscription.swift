extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Sends every event to each of `observers`; recorded in the
    /// ``SubscriptionRegistry`` with the verb `emit`.
    public func emit<Observer: ObserverType>(
        to observers: Observer...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable where Observer.Element == Element {
        asObservable().send(to: observers, verb: .emit, site: CallSite(file: file, line: line, function: function))
    }

    /// Sends every event, with its element made optional, to each of `observers`.
    public func emit<Observer: ObserverType>(
        to observers: Observer...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable where Observer.Element == Element? {
        asObservable().map({ $0 as Element? }, file: file, line: line)
            .send(to: observers, verb: .emit, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept every element as its new value.
    public func emit(
        to relays: BehaviorRelay<Element>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().accept(into: relays, verb: .emit, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept every element, made optional, as its new value.
    public func emit(
        to relays: BehaviorRelay<Element?>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().map({ $0 as Element? }, file: file, line: line)
            .accept(into: relays, verb: .emit, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept every element.
    public func emit(
        to relays: PublishRelay<Element>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().accept(into: relays, verb: .emit, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept every element, made optional.
    public func emit(
        to relays: PublishRelay<Element?>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().map({ $0 as Element? }, file: file, line: line)
            .accept(into: relays, verb: .emit, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept and keep every element.
    public func emit(
        to relays: ReplayRelay<Element>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().accept(into: relays, verb: .emit, site: CallSite(file: file, line: line, function: function))
    }

    /// Makes each of `relays` accept and keep every element, made optional.
    public func emit(
        to relays: ReplayRelay<Element?>...,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().map({ $0 as Element? }, file: file, line: line)
            .accept(into: relays, verb: .emit, site: CallSite(file: file, line: line, function: function))
    }

    /// Calls the closures for elements, completion and disposal; recorded in
    /// the ``SubscriptionRegistry`` with the verb `emit`.
    public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().subscribeElements(
            verb: .emit, site: CallSite(file: file, line: line, function: function),
            onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Calls the closures with `object`, held weakly: once it is gone, events are ignored.
    public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> Disposable {
        asObservable().subscribeElements(
            verb: .emit, site: CallSite(file: file, line: line, function: function), with: object,
            onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes without handling anything, to keep the signal's work going.
    public func emit(file: StaticString = #fileID, line: UInt = #line, function: StaticString = #function) -> Disposable {
        emit(onNext: nil, onCompleted: nil, onDisposed: nil, file: file, line: line, function: function)
    }
}

extension ObservableType {
    /// Subscribes closures for the elements, completion and disposal of a
    /// sequence that never fails, recorded with `verb`.
    func subscribeElements(
        verb: SubscriptionVerb, site: CallSite,
        onNext: ((Element) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?
    ) -> Disposable {
        if let onNext { ClosureSites.note(onNext, "\(verb)(onNext:)", site) }
        if let onCompleted { ClosureSites.note(onCompleted, "\(verb)(onCompleted:)", site) }
        if let onDisposed { ClosureSites.note(onDisposed, "\(verb)(onDisposed:)", site) }
        return subscribeRegistered(verb: verb, site: site, onDisposed: onDisposed) { event in
            switch event {
            case .next(let element): onNext?(element)
            case .error(let error): Hooks.reportUnhandled(error, subscribedAt: site)
            case .completed: onCompleted?()
            }
        }
    }

    /// ``subscribeElements(verb:site:onNext:onCompleted:onDisposed:)`` with
    /// closures that receive `object`, held weakly.
    func subscribeElements<Object: AnyObject>(
        verb: SubscriptionVerb, site: CallSite, with object: Object,
        onNext: ((Object, Element) -> Void)?, onCompleted: ((Object) -> Void)?, onDisposed: ((Object) -> Void)?
    ) -> Disposable {
        subscribeElements(
            verb: verb, site: site,
            onNext: weakly(object, onNext), onCompleted: weakly(object, onCompleted), onDisposed: weakly(object, onDisposed))
    }
}
