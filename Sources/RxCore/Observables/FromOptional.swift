extension ObservableType {
    /// A sequence of `optional`'s value, if it has one, then completion.
    public static func from(optional: Element?) -> Observable<Element> {
        optional.map { just($0) } ?? empty()
    }

    /// A sequence of `optional`'s value, if it has one, sent on `scheduler`,
    /// then completion, each as a scheduled action.
    public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        optional.map { just($0, scheduler: scheduler) } ?? from([], scheduler: scheduler)
    }
}
