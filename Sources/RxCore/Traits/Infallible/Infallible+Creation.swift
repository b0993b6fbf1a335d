extension InfallibleType {
    /// Sends `element`, then completes.
    public static func just(_ element: Element) -> Infallible<Element> {
        Infallible(.just(element))
    }

    /// Sends `element` on `scheduler`, then completes.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(.just(element, scheduler: scheduler))
    }

    /// Sends nothing and never ends.
    public static func never() -> Infallible<Element> {
        Infallible(.never())
    }

    /// Completes at once.
    public static func empty() -> Infallible<Element> {
        Infallible(.empty())
    }

    /// Makes a fresh sequence with `observableFactory` for every subscription.
    @_transparent
    public static func deferred(
        _ observableFactory: @escaping () throws -> Infallible<Element>
    ) -> Infallible<Element> {
        deferred(observableFactory, site: .here())
    }

    /// `deferred` with the site its public form takes from its caller.
    @usableFromInline
    static func deferred(
        _ observableFactory: @escaping () throws -> Infallible<Element>,
        site: CallSite
    ) -> Infallible<Element> {
        Infallible(.deferred({ try observableFactory().asObservable() }, site: site))
    }
}

extension Infallible {
    /// Sends `elements` in order on `scheduler`, then completes.
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance)
        -> Infallible<Element>
    {
        Infallible(.from(elements, scheduler: scheduler))
    }

    /// Sends the elements of `array` in order on `scheduler`, then completes.
    public static func from(_ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance)
        -> Infallible<Element>
    {
        Infallible(.from(array, scheduler: scheduler))
    }

    /// Sends the elements of `sequence` in order on `scheduler`, then completes.
    public static func from<Sequence: Swift.Sequence>(
        _ sequence: Sequence, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> where Sequence.Element == Element {
        Infallible(.from(sequence, scheduler: scheduler))
    }
}
