extension ObservableType {
    /// Drops elements until `other` sends an element, then passes them on; an
    /// error from `other` fails the sequence.
    ///
    /// As in RxSwift, the source completing before `other` has sent an element
    /// ends the subscription without passing the completion on.
    public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
        until(.skip, other.asObservable())
    }

    /// RxSwift 5's name for ``skip(until:)``.
    @available(*, deprecated, renamed: "skip(until:)")
    public func skipUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        skip(until: other)
    }
}
