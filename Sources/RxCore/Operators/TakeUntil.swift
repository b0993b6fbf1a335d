extension ObservableType {
    /// The elements until `other` sends an element, which completes the
    /// sequence, or an error, which it passes on; `other` completing changes
    /// nothing. `other` is subscribed first.
    public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
        until(.take, other.asObservable())
    }

    /// RxSwift 5's name for ``take(until:)``.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        take(until: other)
    }

    /// `takeUntil` with the site its public form takes from its caller.
    @usableFromInline
    func takeUntil(
        _ behavior: TakeBehavior,
        predicate: @escaping (Element) throws -> Bool,
        site: CallSite
    ) -> Observable<Element> {
        take(until: predicate, behavior: behavior, site: site)
    }
}
